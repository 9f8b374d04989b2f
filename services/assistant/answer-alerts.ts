/**
 * `alerts`: "tell me when the queue at Yahodyn drops under 3 hours". The assistant creates nothing: it
 * writes the request that creates such an alert (`POST /api/v1/alerts` with the caller's key), with the
 * crossing's ppid from the directory and the threshold the question states (hours in minutes for
 * `wait_min`, vehicles for `queue`), and the stream that follows the queue live.
 */
import type { AnswerContext } from './context.js';

const ALERTS_PATH = '/api/v1/alerts';
const STREAM_PATH = '/api/v1/data/queue-stream';
/** A placeholder the caller replaces (no digit: it is no figure). */
const WEBHOOK = 'https://example.com/hook';

export function answerAlerts(ctx: AnswerContext): void {
  const { c, u } = ctx;
  const row = ctx.rowsFor(false)[0];
  if (!row) return ctx.needCheckpoint();
  // The ppid is the directory's; the threshold is the question's, read into the request's unit.
  const s = c.source('checkpoints', ctx.nowIso, row.ppid);
  const ppid = c.literal('alert.ppid', row.ppid, null, s);
  const th = u.entities.threshold;
  const metric = th?.metric ?? 'wait_min';
  const metricWord = c.fill(metric === 'wait_min' ? 'metric_wait' : 'metric_queue');
  let condition: string;
  let rule: string;
  if (th) {
    const shown = metric === 'wait_min' ? c.minutes(`alert.${th.op}`, th.value, s) : c.count(`alert.${th.op}`, th.value, s);
    condition = c.fill(th.op === 'below' ? 'alert_below' : 'alert_above', { metric: metricWord, value: shown });
    rule = `"${th.op}": ${c.literal(`alert.${th.op}.request`, th.value, metric === 'wait_min' ? 'min' : null, s)}`;
  } else {
    condition = c.fill('alert_change', { metric: metricWord });
    rule = '"change_pct": <percent>';
  }
  const body = `{"ppid": "${ppid}", "metric": "${metric}", ${rule}, "webhook_url": "${WEBHOOK}"}`;
  const request = `POST ${c.name(ALERTS_PATH)} (Authorization: Bearer <API key>) ${body}`;
  ctx.sentences.push(c.fill('alert_howto', { condition, checkpoint: ctx.checkpointText(row), request }));
  ctx.sentences.push(c.fill('alert_reply', { stream: `GET ${c.name(STREAM_PATH)}?ppid=${ppid}` }));
}
