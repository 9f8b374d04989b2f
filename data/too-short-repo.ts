/**
 * What the daily jobs found too short, and when: a checkpoint whose readings were too few for its typical
 * week or a forecast model the last time the job reached it. A checkpoint with neither a stored result nor a
 * row here has not been reached yet (a new store while the first run goes on, or readings imported since),
 * and the products say so instead of blaming its history.
 */
import type { Db } from './store.js';

/** The daily results a checkpoint may be too short for. */
export type DailyResult = 'day_stats' | 'forecast_main' | 'forecast_wait';

export function createTooShortRepo(db: Db) {
  const mark = db.prepare(`INSERT INTO too_short (ppid, result, checked_at) VALUES (?, ?, ?)
    ON CONFLICT (ppid, result) DO UPDATE SET checked_at = excluded.checked_at`);
  const clear = db.prepare('DELETE FROM too_short WHERE ppid = ? AND result = ?');
  const one = db.prepare('SELECT checked_at FROM too_short WHERE ppid = ? AND result = ?').pluck();
  return {
    /** The job found `ppid` too short for `result` at `checkedAt` (ISO). */
    mark: (ppid: string, result: DailyResult, checkedAt: string) => void mark.run(ppid, result, checkedAt),
    /** The job stored `result` for `ppid`. */
    clear: (ppid: string, result: DailyResult) => void clear.run(ppid, result),
    /** When the job last found `ppid` too short for `result` (ISO), or null when it did not. */
    checkedAt: (ppid: string, result: DailyResult): string | null => (one.get(ppid, result) as string | undefined) ?? null,
  };
}

export type TooShortRepo = ReturnType<typeof createTooShortRepo>;
