/**
 * Every product the service offers, listed once, by name. REST routes, tRPC procedures, MCP tools, the
 * CLI's `call`, OpenAPI and the status job are all generated from this list.
 */
import type { AnyOperation } from './operation.js';
import { alternatives } from './operations/alternatives.js';
import { assistant } from './operations/assistant.js';
import { border } from './operations/border.js';
import { checkpoints } from './operations/checkpoints.js';
import { dayStats } from './operations/day-stats.js';
import { forecast } from './operations/forecast.js';
import { fuel } from './operations/fuel.js';
import { fuelCities } from './operations/fuel-cities.js';
import { pois } from './operations/pois.js';
import { restaurants } from './operations/restaurants.js';
import { roadConditions } from './operations/road-conditions.js';
import { busCarriers } from './operations/bus-carriers.js';
import { multi } from './operations/multi.js';
import { queue } from './operations/queue.js';
import { search } from './operations/search.js';
import { stats } from './operations/stats.js';
import { status } from './operations/status.js';
import { tradingSundays } from './operations/trading-sundays.js';
import { travelMatrix } from './operations/travel-matrix.js';
import { truckBans } from './operations/truck-bans.js';
import { updateInfo } from './operations/update-info.js';

/** Keyed by operation name (= tRPC procedure = MCP tool), with each operation's exact type. */
export const operationsByName = {
  status, checkpoints, search, queue, updateInfo, multi, border, stats, dayStats, forecast, alternatives, travelMatrix, truckBans, tradingSundays,
  fuel, fuelCities, pois, restaurants, roadConditions, busCarriers, assistant,
} as const;

export type OperationsByName = typeof operationsByName;

export const operations: readonly AnyOperation[] = Object.values(operationsByName);

/** An operation by its name or its REST slug (`dayStats` or `day-stats`), or undefined. */
export function findOperation(ops: readonly AnyOperation[], nameOrSlug: string): AnyOperation | undefined {
  return ops.find((op) => op.name === nameOrSlug || op.slug === nameOrSlug);
}
