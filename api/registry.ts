/**
 * Every product the service offers, listed explicitly. REST routes, OpenAPI, the status job and the
 * parity tests loop over this list; the tRPC router names each one (see trpc/router.ts).
 */
import type { AnyOperation } from './operation.js';
import { alternatives } from './operations/alternatives.js';
import { border } from './operations/border.js';
import { checkpoints } from './operations/checkpoints.js';
import { dayStats } from './operations/day-stats.js';
import { forecast } from './operations/forecast.js';
import { multi } from './operations/multi.js';
import { queue } from './operations/queue.js';
import { search } from './operations/search.js';
import { stats } from './operations/stats.js';
import { status } from './operations/status.js';
import { tradingSundays } from './operations/trading-sundays.js';
import { travelMatrix } from './operations/travel-matrix.js';
import { truckBans } from './operations/truck-bans.js';
import { updateInfo } from './operations/update-info.js';

export const operations: readonly AnyOperation[] = [
  status, checkpoints, search, queue, updateInfo, multi, border, stats, dayStats, forecast, alternatives, travelMatrix, truckBans, tradingSundays,
];
