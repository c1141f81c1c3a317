/**
 * Where a write's time goes, reported by the write path as it happens: `stage` names a step
 * (`decide`, `commit_wait`, `commit`, ...) and `ms` its duration. The API turns the reports
 * into a histogram; a caller that does not ask for them pays nothing.
 */
export type StageTimer = (stage: string, ms: number) => void;
