import { readFileSync } from 'node:fs';

/** Resident set size of a process in MB, from /proc (0 once it is gone). */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

export interface RssSampler {
  /** The highest RSS each process had since the sampler started (or since the last `reset`), MB. */
  peaks(): Record<string, number>;
  reset(): void;
  stop(): void;
}

/** Samples the processes' RSS every `intervalMs`, keeping each one's peak. */
export function sampleRss(pids: () => Record<string, number | undefined>, intervalMs = 250): RssSampler {
  let peaks: Record<string, number> = {};
  const sample = () => {
    for (const [name, pid] of Object.entries(pids())) peaks[name] = Math.max(peaks[name] ?? 0, rssMb(pid));
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    peaks: () => (sample(), { ...peaks }),
    reset: () => {
      peaks = {};
      sample();
    },
    stop: () => clearInterval(timer),
  };
}

/** A Node process's used V8 heap in MB, from its Prometheus metrics (`nodejs_heap_size_used_bytes`). */
export async function heapUsedMb(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const bytes = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1];
  return bytes ? Number(bytes) / 1024 ** 2 : Number.NaN;
}
