/**
 * The REST generator: one GET route per operation and version root, all through the same steps:
 * refuse repeated parameters, note unknown ones, parse with the operation's schema, run, envelope.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../models/errors.js';
import type { Meter } from '../access/access-control.js';
import type { Deps } from '../deps.js';
import { inputError } from '../input-error.js';
import type { AnyOperation } from '../operation.js';
import { runOperation } from '../run-operation.js';
import { attributionOf, successBody } from './envelope.js';
import { routePath } from './paths.js';
import type { RawQuery } from './querystring.js';

/** How many unknown parameter names `meta.ignored_params` echoes (each cut to 64 characters). */
export const MAX_ECHOED_PARAMS = 20;

/** Merges path and query values into one raw input; refuses repeats; lists names the product ignores. */
export function collectRawInput(op: AnyOperation, request: FastifyRequest) {
  const query = (request.query ?? {}) as RawQuery;
  const params = (request.params ?? {}) as Record<string, string>;
  const known = new Set(Object.keys(op.input.shape));
  const raw: Record<string, string> = Object.create(null);
  const ignored: string[] = [];
  for (const key of Object.keys(query)) {
    const value = query[key]!;
    if (Array.isArray(value) || Object.hasOwn(params, key)) {
      throw badRequest(`Parameter '${key.slice(0, 40)}' is given more than once; pass a list as one comma-separated value.`, 'repeated_parameter');
    }
    if (known.has(key)) raw[key] = value;
    else if (ignored.length < MAX_ECHOED_PARAMS) ignored.push(key.slice(0, 64));
  }
  for (const key of op.pathParams ?? []) raw[key] = params[key]!;
  return { raw, ignored };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The quota meter of a keyed call (null on public products). */
    meter: Meter | null;
  }
}

export function registerOperationRoutes(app: FastifyInstance, ops: readonly AnyOperation[], deps: Deps) {
  const attribution = attributionOf(deps.settings.serviceName);
  app.decorateRequest('meter', null);
  for (const op of ops) {
    if (op.access === 'keyed' && !op.quotaClass) throw new Error(`keyed operation ${op.name} declares no quota class`);
    for (const version of op.versions) {
      const head = { apiVersion: String(version) as '1' | '2', product: op.slug };
      app.get(routePath(op, version), async (request, reply) => {
        const meter = op.access === 'keyed' ? deps.access.admit(op.quotaClass!, request.headers.authorization, request.ip) : null;
        request.meter = meter;
        try {
          const { raw, ignored } = collectRawInput(op, request);
          const parsed = op.input.safeParse(raw);
          if (!parsed.success) throw inputError(parsed.error, raw);
          const usage = meter ? await meter.charge(op.cost ? op.cost(parsed.data, deps) : 1) : undefined;
          const answer = await runOperation(op, parsed.data, deps);
          if (meter) reply.headers(meter.headers());
          const meta = ignored.length > 0 ? { ignored_params: ignored } : undefined;
          return reply
            .type('application/json; charset=utf-8')
            .send(successBody(head, attribution, answer, { ...(usage ? { usage } : {}), ...(meta ? { meta } : {}) }));
        } catch (err) {
          if (!meter) throw err;
          const final = await meter.settle(err);
          reply.headers(meter.headers());
          throw final;
        }
      });
    }
  }
}
