/**
 * A long-range prior for a kind of series: over 25-168 h, the weights a back-test chooses are shrunk halfway
 * towards the plain mean of a fixed set of members. A fit's window (14 calibration origins a day to three days
 * apart, whose 168-hour horizons cover nearly the same hours) ranks ten members by differences smaller than
 * their noise, and its held-out origins share those hours, so it cannot tell a lucky choice from a good one;
 * a plain mean of a few diverse members is the classic remedy (the "forecast combination puzzle": estimated
 * weights seldom beat equal ones). For eCherha's booked truck queues, which hold a plateau for days, jump when
 * a crossing's regime changes and refill on a weekday, the set is the level (persistence), the level moved as
 * recent weeks moved (seasonal delta), the weekly-seasonal smoother (Holt-Winters) and last week (seasonal
 * naive). Measured in README "Forecasts"; not used for other series, where it cost accuracy.
 */
import type { LongRangePrior, MemberName } from '../../models/engine-results.js';
import type { MemberWeights } from './ensemble.js';
import { MEMBER_NAMES } from './members.js';

export type { LongRangePrior };

/** The prior of booked truck queues (eCherha's e-queue for trucks). */
export const BOOKED_TRUCK_QUEUE_PRIOR: LongRangePrior = Object.freeze({
  kind: 'booked_truck_queue',
  members: Object.freeze(['persistence', 'seasonal_delta', 'holt_winters', 'seasonal_naive']) as readonly MemberName[],
  share: 0.5,
});

/** `weights` moved `prior.share` of the way to the plain mean of the prior's members. */
export function shrunkTowards(weights: MemberWeights, prior: LongRangePrior): MemberWeights {
  const each = 1 / prior.members.length;
  return Object.fromEntries(MEMBER_NAMES.map((m) =>
    [m, (1 - prior.share) * (weights[m] ?? 0) + (prior.members.includes(m) ? prior.share * each : 0)])) as MemberWeights;
}
