import type { Request } from 'express';
import { timeStage } from '@memctx/shared';

/**
 * Per-request stage timings (issue 13: where an ingest request's time goes). Steps add
 * their milliseconds to `req.stages`; the metrics middleware observes them into the
 * `memctx_request_stage_seconds` histogram when the response is finished. A few
 * `performance.now()` calls and one observation per stage: always on.
 */
export function addStage(req: Request, stage: string, ms: number): void {
  const stages = (req.stages ??= {});
  stages[stage] = (stages[stage] ?? 0) + ms;
}

/** Runs `work` and adds its duration to the stage, also when it throws. */
export const timed = <T>(req: Request, stage: string, work: () => Promise<T>): Promise<T> => timeStage(stageTimer(req), stage, work);

/** A StageTimer for the write path that reports into this request. */
export const stageTimer = (req: Request) => (stage: string, ms: number) => addStage(req, stage, ms);
