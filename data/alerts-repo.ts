/**
 * Alerts and their outbox (migration 18; docs/alerts.md). An alert belongs to one API key; its state
 * (armed, baseline, the last reading it saw) moves only forwards in reading time, so two instances
 * evaluating the same reading change it once. An event is written once per alert and reading (UNIQUE),
 * in the same transaction as the state that fired it, and claimed for delivery by one instance at a time
 * (a lease): a restart or a second instance loses and repeats no event.
 */
import type { Db } from './store.js';

export interface AlertRow {
  id: number;
  public_id: string;
  key_id: number;
  ppid: string;
  metric: 'wait_min' | 'queue';
  condition: 'below' | 'above' | 'change_pct';
  threshold: number;
  quiet_from: string | null;
  quiet_to: string | null;
  webhook_url: string;
  secret: string;
  status: 'active' | 'disabled' | 'deleted';
  disabled_reason: string | null;
  armed: 0 | 1;
  baseline: number | null;
  last_ts: number | null;
  consecutive_failures: number;
  created_at: string;
  idempotency_key: string | null;
  request_digest: string | null;
}

export interface AlertEventRow {
  id: number;
  event_id: string;
  alert_id: number;
  reading_ts: number;
  payload: string;
  status: 'pending' | 'delivered' | 'failed' | 'dropped';
  attempts: number;
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

/** An event claimed for delivery, with where it goes and how it is signed. */
export interface ClaimedEvent extends AlertEventRow {
  webhook_url: string;
  secret: string;
  public_id: string;
}

export type NewAlert = Omit<AlertRow, 'id' | 'status' | 'disabled_reason' | 'consecutive_failures' | 'last_ts'>;

const ERROR_MAX_CHARS = 300;
const short = (error: string | null) => (error !== null && error.length > ERROR_MAX_CHARS ? `${error.slice(0, ERROR_MAX_CHARS - 1)}…` : error);

export function createAlertsRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO alerts (public_id, key_id, ppid, metric, condition, threshold, quiet_from, quiet_to, webhook_url, secret,
      armed, baseline, created_at, idempotency_key, request_digest)
    VALUES (@public_id, @key_id, @ppid, @metric, @condition, @threshold, @quiet_from, @quiet_to, @webhook_url, @secret, @armed, @baseline, @created_at,
      @idempotency_key, @request_digest)`);
  const byIdempotency = db.prepare('SELECT * FROM alerts WHERE key_id = ? AND idempotency_key = ?');
  const forgetIdempotency = db.prepare('UPDATE alerts SET idempotency_key = NULL WHERE key_id = ? AND idempotency_key = ? AND created_at < ?');
  const countLive = db.prepare("SELECT count(*) FROM alerts WHERE key_id = ? AND status != 'deleted'").pluck();
  const byKey = db.prepare("SELECT * FROM alerts WHERE key_id = ? AND status != 'deleted' ORDER BY id");
  const byPublic = db.prepare("SELECT * FROM alerts WHERE key_id = ? AND public_id = ? AND status != 'deleted'");
  const remove = db.prepare("UPDATE alerts SET status = 'deleted', deleted_at = ? WHERE key_id = ? AND public_id = ? AND status != 'deleted'");
  const dropPending = db.prepare("UPDATE alert_events SET status = 'dropped' WHERE alert_id = ? AND status = 'pending'");
  const activeOn = db.prepare("SELECT * FROM alerts WHERE ppid = ? AND status = 'active' ORDER BY id");
  const anyActive = db.prepare("SELECT DISTINCT ppid FROM alerts WHERE status = 'active'").pluck();
  // Forwards only: a reading at or before the one the alert last saw changes nothing (another instance had it).
  const step = db.prepare(`UPDATE alerts SET armed = @armed, baseline = @baseline, last_ts = @ts
    WHERE id = @id AND status = 'active' AND (last_ts IS NULL OR last_ts < @ts)`);
  const enqueue = db.prepare(`INSERT INTO alert_events (event_id, alert_id, reading_ts, payload, next_attempt_at, created_at)
    VALUES (@event_id, @alert_id, @reading_ts, @payload, @next_attempt_at, @created_at) ON CONFLICT DO NOTHING`);
  // The oldest pending event of each alert only, so one alert's events arrive in order; claimed for `lease`.
  const claim = db.prepare(`UPDATE alert_events SET claimed_until = @until
    WHERE id IN (
      SELECT e.id FROM alert_events e JOIN alerts a ON a.id = e.alert_id
      WHERE e.status = 'pending' AND a.status = 'active' AND e.next_attempt_at <= @now AND (e.claimed_until IS NULL OR e.claimed_until <= @now)
        AND NOT EXISTS (SELECT 1 FROM alert_events o WHERE o.alert_id = e.alert_id AND o.status = 'pending' AND o.id < e.id)
      ORDER BY e.next_attempt_at LIMIT @limit)
    RETURNING id`).pluck();
  const claimedRow = db.prepare(`SELECT e.*, a.webhook_url, a.secret, a.public_id FROM alert_events e JOIN alerts a ON a.id = e.alert_id WHERE e.id = ?`);
  const delivered = db.prepare(`UPDATE alert_events SET status = 'delivered', attempts = attempts + 1, last_status = @status, last_error = NULL,
      delivered_at = @now, claimed_until = NULL WHERE id = @id`);
  const retry = db.prepare(`UPDATE alert_events SET attempts = attempts + 1, last_status = @status, last_error = @error, next_attempt_at = @next,
      claimed_until = NULL WHERE id = @id`);
  const gaveUp = db.prepare(`UPDATE alert_events SET status = 'failed', attempts = attempts + 1, last_status = @status, last_error = @error,
      claimed_until = NULL WHERE id = @id`);
  const okAlert = db.prepare('UPDATE alerts SET consecutive_failures = 0 WHERE id = ?');
  const failAlert = db.prepare('UPDATE alerts SET consecutive_failures = consecutive_failures + 1 WHERE id = ? RETURNING consecutive_failures').pluck();
  const disable = db.prepare("UPDATE alerts SET status = 'disabled', disabled_reason = ? WHERE id = ? AND status = 'active'");
  const failedEvents = db.prepare("SELECT count(*) FROM alert_events WHERE alert_id = ? AND status = 'failed' AND id > coalesce((SELECT max(id) FROM alert_events WHERE alert_id = ? AND status = 'delivered'), 0)").pluck();
  const recent = db.prepare('SELECT * FROM alert_events WHERE alert_id = ? ORDER BY id DESC LIMIT ?');
  const nextDue = db.prepare(`SELECT min(e.next_attempt_at) FROM alert_events e JOIN alerts a ON a.id = e.alert_id
    WHERE e.status = 'pending' AND a.status = 'active'`).pluck();

  const fire = db.transaction((alert: AlertRow, ts: number, next: { armed: boolean; baseline: number | null }, event: Omit<AlertEventRow,
    'id' | 'alert_id' | 'reading_ts' | 'status' | 'attempts' | 'last_status' | 'last_error' | 'delivered_at'> | null): boolean => {
    const moved = step.run({ id: alert.id, ts, armed: next.armed ? 1 : 0, baseline: next.baseline }).changes === 1;
    if (!moved || event === null) return false;
    return enqueue.run({ ...event, alert_id: alert.id, reading_ts: ts }).changes === 1;
  });

  const settleFailure = db.transaction((event: ClaimedEvent, status: number | null, error: string, nextAt: number | null, disableAfterEvents: number) => {
    if (nextAt === null) gaveUp.run({ id: event.id, status, error: short(error) });
    else retry.run({ id: event.id, status, error: short(error), next: nextAt });
    const failures = failAlert.get(event.alert_id) as number;
    if (nextAt !== null || (failedEvents.get(event.alert_id, event.alert_id) as number) < disableAfterEvents) return false;
    disable.run(`${disableAfterEvents} events in a row failed after a day of retries each (${failures} attempts; last: ${short(error)})`, event.alert_id);
    return true;
  });

  return {
    /**
     * Stores a new alert; with an idempotency key another creation by the same key already holds (a race the
     * caller's earlier lookup missed), stores nothing and gives that one.
     */
    create(alert: NewAlert): { row: AlertRow; created: boolean } {
      try {
        const id = Number(insert.run(alert).lastInsertRowid);
        return { row: { ...alert, id, status: 'active', disabled_reason: null, consecutive_failures: 0, last_ts: null }, created: true };
      } catch (error) {
        const held = alert.idempotency_key === null ? undefined : byIdempotency.get(alert.key_id, alert.idempotency_key) as AlertRow | undefined;
        if (held && (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return { row: held, created: false };
        throw error;
      }
    },
    /**
     * The alert a key made with this idempotency key since `since` (ISO time, any status); a use older
     * than that is forgotten, so the key may make a new one.
     */
    byIdempotencyKey(keyId: number, idempotencyKey: string, since: string): AlertRow | null {
      forgetIdempotency.run(keyId, idempotencyKey, since);
      return (byIdempotency.get(keyId, idempotencyKey) as AlertRow | undefined) ?? null;
    },
    /** Alerts a key holds (active or disabled). */
    count: (keyId: number): number => countLive.get(keyId) as number,
    list: (keyId: number): AlertRow[] => byKey.all(keyId) as AlertRow[],
    get: (keyId: number, publicId: string): AlertRow | null => (byPublic.get(keyId, publicId) as AlertRow | undefined) ?? null,
    /** Deletes a key's alert and drops its undelivered events; false when the key holds no such alert. */
    remove: db.transaction((keyId: number, publicId: string, at: string): boolean => {
      const alert = byPublic.get(keyId, publicId) as AlertRow | undefined;
      if (!alert || remove.run(at, keyId, publicId).changes !== 1) return false;
      dropPending.run(alert.id);
      return true;
    }),
    /** The active alerts on one checkpoint. */
    activeOn: (ppid: string): AlertRow[] => activeOn.all(ppid) as AlertRow[],
    /** Checkpoints with at least one active alert. */
    watched: (): Set<string> => new Set(anyActive.all() as string[]),
    /**
     * Moves an alert's state to reading `ts` and, when it fired, writes its event; false when another
     * evaluation had this reading already or the event exists (nothing written twice).
     */
    step: (alert: AlertRow, ts: number, next: { armed: boolean; baseline: number | null },
      event: { event_id: string; payload: string; next_attempt_at: number; created_at: number } | null): boolean => fire(alert, ts, next, event),
    /** Due events (at most `limit`, one per alert), leased to the caller until `untilMs`. */
    claim(nowMs: number, untilMs: number, limit: number): ClaimedEvent[] {
      const ids = claim.all({ now: nowMs, until: untilMs, limit }) as number[];
      return ids.map((id) => claimedRow.get(id) as ClaimedEvent);
    },
    delivered: db.transaction((event: ClaimedEvent, status: number, nowMs: number) => {
      delivered.run({ id: event.id, status, now: nowMs });
      okAlert.run(event.alert_id);
    }),
    /**
     * A failed attempt: retried at `nextAt`, or failed for good (`nextAt` null). The alert is disabled, with
     * its reason, once `disableAfterEvents` events failed for good since its last delivery; true when it was.
     */
    failed: (event: ClaimedEvent, status: number | null, error: string, nextAt: number | null, disableAfterEvents: number): boolean =>
      settleFailure(event, status, error, nextAt, disableAfterEvents),
    /** The newest events of an alert, newest first. */
    recent: (alertId: number, limit = 5): AlertEventRow[] => recent.all(alertId, limit) as AlertEventRow[],
    /** When the next pending event is due (ms), or null. */
    nextDue: (): number | null => (nextDue.get() as number | null) ?? null,
  };
}

export type AlertsRepo = ReturnType<typeof createAlertsRepo>;
