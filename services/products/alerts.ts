/**
 * Alerts (docs/alerts.md): `createAlert` (POST /api/v1/alerts), `listAlerts` (GET) and `deleteAlert`
 * (DELETE /api/v1/alerts/{id}), over every transport. An alert belongs to the key that made it; it watches
 * one checkpoint's readings and, when its condition is crossed, a signed event is POSTed to its webhook
 * (services/alerts/). Creating one costs a standard unit; listing and deleting a cheap one; deliveries nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AlertRow } from '../../data/alerts-repo.js';
import { initialState } from '../../engine/alert-rule.js';
import {
  ALERT_LIMITS, AlertIdInput, IDEMPOTENCY_WINDOW_H, CreateAlertInput, CreateAlertOutput, DeleteAlertOutput, ListAlertsOutput, type Alert,
} from '../../models/alerts.js';
import { badRequest, notFound, ServiceError } from '../../models/errors.js';
import { z } from 'zod';
import { canonicalJson } from '../canonical-json.js';
import { newWebhookSecret } from '../alerts/webhook-signature.js';
import { checkWebhookUrlSyntax, resolveWebhookTarget } from '../alerts/webhook-url.js';
import type { OperationDeps } from '../deps.js';
import { checkpointOr404, liveState, nowSeconds } from '../live/checkpoint-live.js';
import { defineOperation, type KeyContext } from '../operation.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** `alr_` and 16 random letters and digits. */
export function newAlertId(): string {
  return `alr_${[...randomBytes(16)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

/** The pipeline gives every `needsKey` operation its caller's key. */
function keyOf(key: KeyContext | undefined): KeyContext {
  if (!key) throw new ServiceError('forbidden', 'Alerts belong to an API key: call with one.', { reason: 'key_required' });
  return key;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An alert as clients see it (never its secret), with its newest deliveries. */
export function alertView(row: AlertRow, deps: OperationDeps): Alert {
  return {
    id: row.public_id, ppid: row.ppid, metric: row.metric, condition: row.condition, threshold: row.threshold,
    quiet_hours: row.quiet_from !== null && row.quiet_to !== null ? { from: row.quiet_from, to: row.quiet_to } : null,
    webhook_url: row.webhook_url,
    status: row.status === 'disabled' ? 'disabled' : 'active',
    disabled_reason: row.disabled_reason,
    armed: row.armed === 1,
    created_at: row.created_at,
    last_deliveries: deps.repos.alerts.recent(row.id).map((e) => ({
      event_id: e.event_id, status: e.status, attempts: e.attempts, last_status: e.last_status, last_error: e.last_error,
      created_at: iso(e.created_at)!, delivered_at: iso(e.delivered_at),
    })),
  };
}

/** The webhook address checked as written and as its name resolves now (again before every delivery). */
async function checkedWebhook(raw: string, deps: OperationDeps): Promise<string> {
  const allowPrivate = deps.settings.webhookAllowPrivate === true;
  const syntax = checkWebhookUrlSyntax(raw, { allowPrivate });
  if (!syntax.ok) throw badRequest(`webhook_url: ${syntax.message}`, syntax.reason);
  const target = await resolveWebhookTarget(syntax.url, { allowPrivate });
  if (!target.ok) throw badRequest(`webhook_url: ${target.message}`, target.reason);
  return syntax.url.href;
}

/** What the three share: version 1, a key's own things (never cached, never self-checked by the status round). */
const KEY_OWNED = { versions: [1], needsKey: true, access: 'keyed', cacheTtlMs: 0, selfCheck: null } as const;

export const createAlert = defineOperation({
  name: 'createAlert',
  slug: 'alerts',
  summary: 'Create an alert: a signed webhook when a checkpoint\'s wait or queue crosses a threshold',
  description: 'POST a JSON body: `ppid`, `metric` (`wait_min` or `queue`), exactly one of `below`, `above` (a threshold in the ' +
    'metric\'s unit) or `change_pct` (a change since the last firing, in percent), optional `quiet_hours` (local times at the ' +
    'checkpoint, `22:00-06:00`: events wait for their end) and `webhook_url` (https, a public address). The answer holds the ' +
    'alert\'s `id` and its signing `secret`, shown only here. A threshold alert fires once when the value crosses it and again only ' +
    'after the value has gone back past it by 5 % (at least one unit). At most 5 alerts per Explorer key, 100 per Pay As You Grow key. ' +
    `An \`Idempotency-Key\` header (or \`idempotency_key\`) makes a retry safe: the same key and body within ${IDEMPOTENCY_WINDOW_H} h answer the ` +
    'alert made the first time (`replayed: true`); the same key with another body is 400 `idempotency_key_reused`.',
  ...KEY_OWNED,
  rest: { method: 'POST', path: '/alerts' },
  quotaClass: 'standard',
  input: CreateAlertInput,
  output: CreateAlertOutput,
  errors: ['forbidden', 'not_found'],
  async handler(input, deps, key) {
    const { keyId, plan } = keyOf(key);
    const checkpoint = checkpointOr404(deps, input.ppid);
    const live = liveState(deps.repos, checkpoint, nowSeconds(deps));
    const current = input.metric === 'wait_min' ? live.wait_min : live.queue_now;
    const { idempotency_key: idempotencyKey = null, ...asked } = input;
    const digest = idempotencyKey === null ? null : createHash('sha256').update(canonicalJson(asked)).digest('hex');
    /** The answer for an alert: made by this request, or `replayed` (an earlier one with the same idempotency key made it). */
    const answer = (row: AlertRow, replayed: boolean) =>
      ({ data: { ...alertView(row, deps), secret: row.secret, current_value: current, condition_met_now: row.condition !== 'change_pct' && row.armed === 0, replayed } });
    const replay = (row: AlertRow) => {
      if (row.request_digest !== digest) {
        throw badRequest(`idempotency_key: this key made alert ${row.public_id} with it from another request; use a new idempotency key.`, 'idempotency_key_reused');
      }
      if (row.status === 'deleted') {
        throw badRequest(`idempotency_key: the alert this request made (${row.public_id}) has been deleted; use a new idempotency key.`, 'idempotent_alert_deleted');
      }
      return answer(row, true);
    };
    const since = new Date(deps.now().getTime() - IDEMPOTENCY_WINDOW_H * 3_600_000).toISOString();
    const held = idempotencyKey === null ? null : deps.repos.alerts.byIdempotencyKey(keyId, idempotencyKey, since);
    if (held) return replay(held);
    const limit = ALERT_LIMITS[plan];
    if (deps.repos.alerts.count(keyId) >= limit) {
      throw new ServiceError('forbidden', `This key holds ${limit} alerts, the most its plan allows; delete one first.`, { reason: 'alert_limit_reached' });
    }
    const webhookUrl = await checkedWebhook(input.webhook_url, deps);
    const condition = input.below !== undefined ? 'below' : input.above !== undefined ? 'above' : 'change_pct';
    const threshold = (input.below ?? input.above ?? input.change_pct)!;
    const state = initialState({ condition, threshold }, current);
    const secret = newWebhookSecret();
    const { row, created } = deps.repos.alerts.create({
      public_id: newAlertId(), key_id: keyId, ppid: input.ppid, metric: input.metric, condition, threshold,
      quiet_from: input.quiet_hours?.from ?? null, quiet_to: input.quiet_hours?.to ?? null, webhook_url: webhookUrl, secret,
      armed: state.armed ? 1 : 0, baseline: state.baseline, created_at: deps.now().toISOString(),
      idempotency_key: idempotencyKey, request_digest: digest,
    });
    // Another request with the same idempotency key made it while this one checked the webhook.
    if (!created) return replay(row);
    return answer(row, false);
  },
});

export const listAlerts = defineOperation({
  name: 'listAlerts',
  slug: 'alerts',
  summary: 'The alerts of the calling key, with their newest deliveries',
  ...KEY_OWNED,
  rest: { method: 'GET', path: '/alerts' },
  quotaClass: 'cheap',
  input: z.object({}),
  output: ListAlertsOutput,
  handler(_input, deps, key) {
    const { keyId, plan } = keyOf(key);
    return { data: { alerts: deps.repos.alerts.list(keyId).map((row) => alertView(row, deps)), limit: ALERT_LIMITS[plan] } };
  },
});

export const deleteAlert = defineOperation({
  name: 'deleteAlert',
  slug: 'alerts',
  summary: 'Delete one of the calling key\'s alerts (its undelivered events are dropped)',
  ...KEY_OWNED,
  rest: { method: 'DELETE', path: '/alerts/:id' },
  pathParams: ['id'],
  quotaClass: 'cheap',
  input: AlertIdInput,
  output: DeleteAlertOutput,
  errors: ['not_found'],
  handler(input, deps, key) {
    const { keyId } = keyOf(key);
    if (!deps.repos.alerts.remove(keyId, input.id, deps.now().toISOString())) {
      throw notFound(`This key holds no alert ${input.id}; listAlerts (GET /api/v1/alerts) lists its alerts.`, 'unknown_alert');
    }
    return { data: { id: input.id, deleted: true as const } };
  },
});
