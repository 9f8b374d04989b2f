/**
 * Why a checkpoint has no daily result (typical week, forecast model), as its product's 404 says it: it has no
 * readings at all; or the job found them too short when it last reached it (and when); or the job has not
 * reached it yet (a new store while the first run goes on; readings imported since the last run), which is
 * never blamed on its history.
 */
import { notFound, type ServiceError } from '../../models/errors.js';
import type { DailyResult } from '../../data/too-short-repo.js';
import type { OperationDeps } from '../deps.js';
import { nowSeconds } from '../live/checkpoint-live.js';

const JOB: Record<DailyResult, string> = { day_stats: 'day-stats job', forecast_main: 'model job', forecast_wait: 'model job' };

/**
 * Of a checkpoint without `result` stored: it has no readings; the job found it too short (when); or the job
 * has not reached it yet (`pending`).
 */
export function whyMissing(deps: OperationDeps, ppid: string, result: DailyResult): { kind: 'no_readings' | 'pending' } | { kind: 'too_short'; checkedAt: string } {
  if (deps.repos.observations.view(ppid, nowSeconds(deps)) === null) return { kind: 'no_readings' };
  const checkedAt = deps.repos.tooShort.checkedAt(ppid, result);
  return checkedAt ? { kind: 'too_short', checkedAt } : { kind: 'pending' };
}

/** The 404 of `ppid` lacking `result`: `tooShort` says what the job needs ("too little data for a typical week (...)"). */
export function missingResult(deps: OperationDeps, ppid: string, result: DailyResult, what: string, tooShort: string, reason: string): ServiceError {
  const why = whyMissing(deps, ppid, result);
  if (why.kind === 'no_readings') return notFound(`${ppid} has no readings, so no ${what}.`, reason);
  return why.kind === 'too_short'
    ? notFound(`${ppid} had ${tooShort} when the daily ${JOB[result]} last reached it (${why.checkedAt}).`, reason)
    : notFound(`${ppid} has no ${what} yet: the daily ${JOB[result]} has not reached it (it runs at start and then daily; ` +
      'on a new store the first run takes a minute or two).', reason);
}
