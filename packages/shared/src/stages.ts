/**
 * Where a request's time goes, reported as it happens: `stage` names a step
 * (`decide`, `commit_wait`, `embed`, `lexical`, ...) and `ms` its duration. The API turns the
 * reports into a histogram; a caller that does not ask for them pays nothing.
 */
export type StageTimer = (stage: string, ms: number) => void;

/** Runs `work` and reports its duration as `stage` (also when it throws); without a timer it only runs it. */
export async function timeStage<T>(onStage: StageTimer | undefined, stage: string, work: () => Promise<T> | T): Promise<T> {
  if (!onStage) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    onStage(stage, performance.now() - started);
  }
}
