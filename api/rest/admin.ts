/**
 * Operator routes (the internal token only, `requireOperator`: an API key is refused 403, and with no token
 * configured the routes answer 404 as if absent): road-condition reports submitted for drivers enter as
 * pending, and moderators approve or reject them. JSON in, the service's envelope out; the same actions as
 * `bdds reports` (services/road/reports.ts).
 *
 *   GET  /api/v1/admin/road-reports?status=pending&limit=50
 *   POST /api/v1/admin/road-reports                  body: a report (models/road-conditions.ts)
 *   POST /api/v1/admin/road-reports/{id}/approve
 *   POST /api/v1/admin/road-reports/{id}/reject
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../../models/errors.js';
import { RoadReportSubmission } from '../../models/road-conditions.js';
import { MODERATION, type Moderation } from '../../models/road-reports.js';
import type { Deps } from '../deps.js';
import { requireOperator } from '../pipeline/caller.js';
import { attributionOf } from '../pipeline/envelope.js';
import { inputError } from '../pipeline/input-error.js';
import { moderateReport, submitReport } from '../../services/road/reports.js';

const ROOT = '/api/v1/admin/road-reports';

export const adminPlugin = fp(async (app: FastifyInstance, options: { deps: Deps }) => {
  const { deps } = options;
  const envelope = (data: unknown) => ({ ok: true, api_version: '1', product: 'admin', attribution: attributionOf(deps.settings.serviceName), data });

  const operator = (request: FastifyRequest) => requireOperator(request.headers.authorization, deps.settings.internalToken, 'Operator routes', {
    failures: deps.access.operatorFailures, address: request.ip,
  });

  const idOf = (request: FastifyRequest) => {
    const id = (request.params as { id: string }).id;
    if (!/^\d{1,12}$/.test(id)) throw badRequest(`'${id.slice(0, 20)}' is not a report id.`, 'malformed_id');
    return Number(id);
  };

  app.get(ROOT, async (request: FastifyRequest, reply: FastifyReply) => {
    operator(request);
    const { status, limit } = request.query as { status?: string; limit?: string };
    if (status !== undefined && !MODERATION.includes(status as Moderation)) throw badRequest("Parameter 'status' must be pending, approved or rejected.", 'invalid_value');
    if (limit !== undefined && !(/^\d{1,3}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 500)) {
      throw badRequest("Parameter 'limit' must be between 1 and 500.", 'out_of_range');
    }
    return reply.send(envelope({ reports: deps.repos.roadReports.list((status as Moderation | undefined) ?? null, Number(limit ?? 50)) }));
  });

  app.post(ROOT, async (request: FastifyRequest, reply: FastifyReply) => {
    operator(request);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The body must be a JSON object: one report.', 'malformed_body');
    const parsed = RoadReportSubmission.safeParse(body);
    if (!parsed.success) throw inputError(parsed.error, body as Record<string, unknown>);
    return reply.status(201).send(envelope({ report: submitReport(deps.repos.roadReports, parsed.data, deps.now()) }));
  });

  for (const action of ['approve', 'reject'] as const) {
    app.post(`${ROOT}/:id/${action}`, async (request: FastifyRequest, reply: FastifyReply) => {
      operator(request);
      const { report, changed } = moderateReport(deps.repos.roadReports, idOf(request), action === 'approve' ? 'approved' : 'rejected', 'operator-api', deps.now());
      if (changed) deps.versions.refresh();
      return reply.send(envelope({ report, changed }));
    });
  }
});
