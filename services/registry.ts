/**
 * Every product the service offers, listed once, by name. REST routes, tRPC procedures, MCP tools, the
 * CLI's `call`, OpenAPI and the status job are all generated from this list.
 */
import type { AnyOperation } from './operation.js';
import { createAlert, deleteAlert, listAlerts } from './products/alerts.js';
import { alternatives } from './products/alternatives/operation.js';
import { assistant } from './products/assistant.js';
import { border } from './products/border.js';
import { checkpoints } from './products/checkpoints.js';
import { dayStats } from './products/day-stats/operation.js';
import { forecast } from './products/forecast/operation.js';
import { fuel } from './products/fuel.js';
import { fuelCities } from './products/fuel-cities.js';
import { pois } from './products/pois.js';
import { restaurants } from './products/restaurants.js';
import { roadConditions } from './products/road-conditions.js';
import { busCarriers } from './products/bus-carriers.js';
import { multi } from './products/multi.js';
import { queue } from './products/queue.js';
import { queueStream } from './products/queue-stream.js';
import { search } from './products/search.js';
import { stats } from './products/stats.js';
import { status } from './products/status.js';
import { tradingSundays } from './products/trading-sundays.js';
import { travelMatrix } from './products/travel-matrix/operation.js';
import { truckBans } from './products/truck-bans.js';
import { updateInfo } from './products/update-info.js';

/** Keyed by operation name (= tRPC procedure = MCP tool), with each operation's exact type. */
export const operationsByName = {
  status, checkpoints, search, queue, updateInfo, multi, border, stats, dayStats, forecast, alternatives, travelMatrix, truckBans, tradingSundays,
  fuel, fuelCities, pois, restaurants, roadConditions, busCarriers, assistant, createAlert, listAlerts, deleteAlert, queueStream,
} as const;

export type OperationsByName = typeof operationsByName;

export const operations: readonly AnyOperation[] = Object.values(operationsByName);

/**
 * An operation by its name or its REST slug (`dayStats` or `day-stats`), or undefined. A slug several
 * operations share (`alerts`: create, list, delete) names none: they are called by name.
 */
export function findOperation(ops: readonly AnyOperation[], nameOrSlug: string): AnyOperation | undefined {
  const byName = ops.find((op) => op.name === nameOrSlug);
  if (byName) return byName;
  const bySlug = ops.filter((op) => op.slug === nameOrSlug);
  return bySlug.length === 1 ? bySlug[0] : undefined;
}
