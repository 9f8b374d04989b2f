/** The portal's alerts page: each key's alerts with their state and newest deliveries (docs/alerts.md). */
import type { AlertEventRow, AlertRow } from '../../data/alerts-repo.js';
import type { KeyRecord } from '../../data/keys-repo.js';
import { esc } from '../html.js';
import { layout, type PageContext } from './pages.js';

export interface KeyAlerts {
  key: KeyRecord;
  alerts: { alert: AlertRow; deliveries: AlertEventRow[] }[];
}

const when = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString().slice(0, 16).replace('T', ' '));

function deliveriesOf(events: AlertEventRow[]): string {
  if (events.length === 0) return 'none yet';
  return `<ul>${events.map((e) => `<li><code>${esc(e.event_id)}</code> ${esc(e.status)}, ${e.attempts} attempt(s)` +
    `${e.last_status !== null ? `, last answer HTTP ${e.last_status}` : ''}${e.last_error ? `: ${esc(e.last_error)}` : ''} (${esc(when(e.created_at))} UTC)</li>`).join('')}</ul>`;
}

function condition(a: AlertRow): string {
  const unit = a.metric === 'wait_min' ? 'min' : 'vehicles';
  return a.condition === 'change_pct' ? `${a.metric} changes by ${a.threshold} %` : `${a.metric} ${a.condition} ${a.threshold} ${unit}`;
}

export function alertsPage(ctx: PageContext, keys: KeyAlerts[]): string {
  const sections = keys.filter((k) => k.alerts.length > 0).map(({ key, alerts }) => {
    const rows = alerts.map(({ alert, deliveries }) => `<tr><td><code>${esc(alert.public_id)}</code></td><td>${esc(alert.ppid)}</td><td>${esc(condition(alert))}</td>
<td>${esc(alert.webhook_url)}</td><td>${alert.status === 'disabled' ? `disabled: ${esc(alert.disabled_reason ?? '')}` : alert.armed ? 'active, armed' : 'active, fired (re-arms past the threshold)'}</td>
<td>${deliveriesOf(deliveries)}</td></tr>`).join('\n');
    return `<table><caption>Alerts of key <code>${esc(key.prefix)}…</code></caption>
<thead><tr><th scope="col">Alert</th><th scope="col">Checkpoint</th><th scope="col">Condition</th><th scope="col">Webhook</th><th scope="col">State</th><th scope="col">Newest deliveries</th></tr></thead>
<tbody>${rows}</tbody></table>`;
  });
  return layout(ctx, 'Your alerts', `${sections.join('\n') || '<p>No alerts yet.</p>'}
<p>Alerts are made with your key through the API: <code>POST /api/v1/alerts</code> (<a href="/docs">API reference</a>). A webhook that fails for a day on three events in a row is disabled; delete the alert and make a new one once the receiver works.</p>`);
}
