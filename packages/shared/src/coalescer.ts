interface Waiting<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

export interface CoalescerOptions {
  /** Most inputs in one call of `run` (default 256). */
  maxBatch?: number;
  /** Calls of `run` in flight at once (default 1); inputs that arrive meanwhile wait and go together into the next. */
  maxInFlight?: number;
}

/**
 * Many small requests as few round trips: `load(input)` calls that arrive while
 * `maxInFlight` calls of `run` are busy wait and share the next call, so under
 * load one statement serves many requests, and a lone request runs at once with
 * no added wait. `run` answers one output per input, in order; if it throws,
 * every input of that call gets the error.
 */
export function createCoalescer<I, O>(run: (inputs: I[]) => Promise<O[]>, options: CoalescerOptions = {}) {
  const maxBatch = options.maxBatch ?? 256;
  const maxInFlight = options.maxInFlight ?? 1;
  let queue: Waiting<I, O>[] = [];
  let inFlight = 0;

  async function drain(): Promise<void> {
    inFlight++;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const outputs = await run(batch.map((w) => w.input));
        batch.forEach((w, i) => w.resolve(outputs[i]!));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    inFlight--;
  }

  return (input: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (inFlight < maxInFlight) void drain();
    });
}
