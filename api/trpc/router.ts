/**
 * tRPC: one procedure per operation, named explicitly so client types stay exact, all running the
 * same `runOperation` as REST. Guarded by the internal token; for internal tools, not the public path.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isServiceError, type ServiceError } from '../../models/errors.js';
import type { Deps } from '../deps.js';
import { inputError } from '../input-error.js';
import type { Operation } from '../operation.js';
import { alternatives } from '../operations/alternatives.js';
import { border } from '../operations/border.js';
import { checkpoints } from '../operations/checkpoints.js';
import { dayStats } from '../operations/day-stats.js';
import { forecast } from '../operations/forecast.js';
import { multi } from '../operations/multi.js';
import { queue } from '../operations/queue.js';
import { search } from '../operations/search.js';
import { stats } from '../operations/stats.js';
import { status } from '../operations/status.js';
import { tradingSundays } from '../operations/trading-sundays.js';
import { travelMatrix } from '../operations/travel-matrix.js';
import { truckBans } from '../operations/truck-bans.js';
import { updateInfo } from '../operations/update-info.js';
import { runOperation } from '../run-operation.js';

export interface TrpcContext {
  token: string | null;
}

const TRPC_CODE: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 405: 'METHOD_NOT_SUPPORTED',
  429: 'TOO_MANY_REQUESTS', 503: 'SERVICE_UNAVAILABLE',
};

function serviceErrorOf(error: TRPCError): ServiceError | null {
  if (isServiceError(error.cause)) return error.cause;
  if (error.cause instanceof z.ZodError) return inputError(error.cause, {});
  return null;
}

function tokenMatches(given: string | null, expected: string | null): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createTrpcRouter(deps: Deps) {
  const t = initTRPC.context<TrpcContext>().create({
    isDev: false,
    errorFormatter({ shape, error }) {
      const service = serviceErrorOf(error);
      const internal = !service && error.code === 'INTERNAL_SERVER_ERROR';
      return {
        ...shape,
        message: internal ? 'An internal error occurred.' : service ? service.message : shape.message,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path,
          serviceCode: service?.code ?? (internal ? 'internal_error' : null), reason: service?.reason ?? null },
      };
    },
  });

  const guarded = t.procedure.use(({ ctx, next }) => {
    if (!tokenMatches(ctx.token, deps.settings.internalToken)) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'tRPC needs the internal token as a Bearer credential.' });
    }
    return next();
  });

  /** The procedure for one operation: same schema, same handler, the REST envelope's `data` as output. */
  function procedureFor<I extends z.ZodObject, O extends z.ZodType>(op: Operation<I, O>) {
    return guarded.input(op.input).query(async ({ input }) => {
      try {
        return (await runOperation(op, input, deps)).result.data as z.output<O>;
      } catch (err) {
        if (isServiceError(err)) throw new TRPCError({ code: TRPC_CODE[err.status] ?? 'INTERNAL_SERVER_ERROR', message: err.message, cause: err });
        throw err;
      }
    });
  }

  return t.router({
    status: procedureFor(status),
    checkpoints: procedureFor(checkpoints),
    search: procedureFor(search),
    queue: procedureFor(queue),
    updateInfo: procedureFor(updateInfo),
    multi: procedureFor(multi),
    border: procedureFor(border),
    stats: procedureFor(stats),
    dayStats: procedureFor(dayStats),
    forecast: procedureFor(forecast),
    alternatives: procedureFor(alternatives),
    travelMatrix: procedureFor(travelMatrix),
    truckBans: procedureFor(truckBans),
    tradingSundays: procedureFor(tradingSundays),
  });
}

export type AppRouter = ReturnType<typeof createTrpcRouter>;
