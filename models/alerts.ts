/**
 * Alerts (docs/alerts.md): the input and answer schemas of `createAlert`, `listAlerts` and `deleteAlert`,
 * and the limits per plan.
 */
import { z } from 'zod';
import { decimal, oneOf, ppid, reject, text } from './query.js';
import { TypeOfData } from './queue.js';

/** Active alerts a key may hold, per plan. */
export const ALERT_LIMITS = Object.freeze({ explorer: 5, payg: 100 } as const);

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** `22:00-06:00`, or from JSON `{"from": "22:00", "to": "06:00"}`: local clock times at the checkpoint. */
const quietHours = () =>
  z.union([z.string(), z.object({ from: z.string(), to: z.string() })]).transform((raw, ctx) => {
    const [from, to] = typeof raw === 'string' ? raw.split('-').map((s) => s.trim()) : [raw.from, raw.to];
    if (from === undefined || to === undefined || !HHMM.test(from) || !HHMM.test(to)) {
      return reject(ctx, 'must be two local times HH:MM, as 22:00-06:00 or {"from": "22:00", "to": "06:00"}', 'malformed_quiet_hours');
    }
    if (from === to) return reject(ctx, 'must not start and end at the same time', 'malformed_quiet_hours');
    return { from, to };
  });

/** How long a creation's idempotency key is remembered. */
export const IDEMPOTENCY_WINDOW_H = 24;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** What an alert watches, and when it fires. */
const METRICS = ['wait_min', 'queue'] as const;
const Metric = z.enum(METRICS);
const Condition = z.enum(['below', 'above', 'change_pct']);

export const CreateAlertInput = z
  .object({
    ppid: ppid().describe('the checkpoint whose readings the alert watches'),
    metric: oneOf(METRICS).describe('wait_min (minutes) or queue (vehicles)'),
    below: decimal(0, 1_000_000).optional().describe('fire when the value falls below this'),
    above: decimal(0, 1_000_000).optional().describe('fire when the value rises above this'),
    change_pct: decimal(1, 1_000).optional().describe('fire when the value moved by this many percent since the last firing'),
    quiet_hours: quietHours().optional().describe('local times at the checkpoint when nothing is sent: held until they end'),
    webhook_url: text(2_048).describe('https address the signed events are POSTed to'),
    idempotency_key: z.string().regex(IDEMPOTENCY_KEY, 'must be 1 to 255 visible ASCII characters').optional()
      .describe('the client\'s own id for this creation (REST: the Idempotency-Key header): repeated by the same key with the same ' +
        `body within ${IDEMPOTENCY_WINDOW_H} h, it answers the alert it made then, secret included, instead of making another`),
  })
  .superRefine((input, ctx) => {
    const given = (['below', 'above', 'change_pct'] as const).filter((name) => input[name] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({ code: 'custom', path: [],
        message: given.length === 0 ? 'must give one of below, above or change_pct' : `must give only one of below, above or change_pct (got ${given.join(', ')})`,
        params: { reason: given.length === 0 ? 'missing_condition' : 'conflicting_conditions' }, input: undefined });
    }
  });
export type CreateAlertInput = z.output<typeof CreateAlertInput>;

export const AlertIdInput = z.object({
  id: z.string().regex(/^alr_[a-z0-9]{16}$/, 'must look like alr_ followed by 16 letters and digits').describe('the alert id'),
});

const Delivery = z.object({
  event_id: z.string(),
  status: z.enum(['pending', 'delivered', 'failed', 'dropped']),
  attempts: z.number().int(),
  last_status: z.number().int().nullable().describe('the receiver\'s HTTP status of the last attempt'),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});

export const Alert = z.object({
  id: z.string(),
  ppid: z.string(),
  metric: Metric,
  condition: Condition,
  threshold: z.number(),
  quiet_hours: z.object({ from: z.string(), to: z.string() }).nullable(),
  webhook_url: z.string(),
  status: z.enum(['active', 'disabled']),
  disabled_reason: z.string().nullable(),
  armed: z.boolean().describe('a threshold alert fires only while armed (re-armed once the value is back past the threshold)'),
  created_at: z.string(),
  last_deliveries: z.array(Delivery).describe('the newest events, newest first (at most 5)'),
});
export type Alert = z.output<typeof Alert>;

export const CreateAlertOutput = Alert.extend({
  secret: z.string().describe('signs every event (X-BDDS-Signature); shown only in this answer'),
  current_value: z.number().nullable().describe('the metric\'s latest reading when the alert was made'),
  condition_met_now: z.boolean().describe('true: the condition holds already; a threshold alert fires the next time it is crossed'),
  replayed: z.boolean().describe('true: an earlier request with the same idempotency key made this alert; nothing new was made'),
});

export const ListAlertsOutput = z.object({
  alerts: z.array(Alert),
  limit: z.number().int().describe('active alerts this key may hold'),
});

export const DeleteAlertOutput = z.object({ id: z.string(), deleted: z.literal(true) });

/** The body of every webhook event (signed as sent: `X-BDDS-Signature`), for OpenAPI's `webhooks` and receivers. */
export const AlertEvent = z.object({
  id: z.string().describe('evt_…: the same on every retry of this event (drop repeats by it)'),
  type: z.literal('alert.fired'),
  created_at: z.string().describe('when the alert fired'),
  alert: Alert.pick({ id: true, ppid: true, metric: true, condition: true, threshold: true }),
  reading: z.object({
    at: z.string().nullable(), value: z.number(), wait_min: z.number().nullable(), queue: z.number().nullable(),
    source: z.string().nullable(), type_of_data: TypeOfData.nullable(), is_realtime: z.boolean(),
  }),
  forecast: z.array(z.object({
    time: z.number().int(), hours_from_now: z.number().int(), avg_cars: z.number().nullable(), wait_min: z.number().nullable(),
    lower_bound: z.number().nullable(), upper_bound: z.number().nullable(), unit: z.enum(['vehicles', 'minutes']),
  })).nullable().describe('the next 6 hours of the checkpoint\'s forecast; null without a model'),
  forecast_note: z.string().optional().describe('why there is no forecast'),
});
export type AlertEvent = z.output<typeof AlertEvent>;
