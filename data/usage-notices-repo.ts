/**
 * Usage notices (api/portal/usage-notices.ts): what each account wants to be told (quota at 80 % and
 * 100 % of a class, a key about to expire; all on until turned off in the portal), which notices were
 * sent (one row per key, kind and subject: a claim taken before the mail goes, so instances sharing the
 * store send each notice once), and the counters and keys the job reads.
 */
import type { Db } from './store.js';

export type NoticeKind = 'quota_80' | 'quota_100' | 'key_expiry';
export const NOTICE_KINDS: readonly NoticeKind[] = ['quota_80', 'quota_100', 'key_expiry'];

export type NoticeSettings = Record<NoticeKind, boolean>;

/** Today's counter of a key that belongs to a verified account, with what the job needs to judge it. */
export interface QuotaCounterRow {
  key_id: number;
  class: string;
  used: number;
  plan: 'explorer' | 'payg';
  limit_standard: number | null;
  limit_forecast_stats: number | null;
  limit_cheap: number | null;
  prefix: string;
  email: string;
  quota_80: number;
  quota_100: number;
  /** 1 when the notice was sent (or claimed) for this key, class and day already. */
  sent_80: number;
  sent_100: number;
}

export interface ExpiringKeyRow {
  key_id: number;
  prefix: string;
  expires_at: string;
  last_used_at: string | null;
  email: string;
}

const SETTINGS = `coalesce(s.quota_80, 1) AS quota_80, coalesce(s.quota_100, 1) AS quota_100, coalesce(s.key_expiry, 1) AS key_expiry`;

export function createUsageNoticesRepo(db: Db) {
  const settingsStmt = db.prepare(`SELECT ${SETTINGS} FROM (SELECT ? AS account_id) a LEFT JOIN notice_settings s ON s.account_id = a.account_id`);
  const saveStmt = db.prepare(`INSERT INTO notice_settings (account_id, quota_80, quota_100, key_expiry, updated_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (account_id) DO UPDATE SET quota_80 = excluded.quota_80, quota_100 = excluded.quota_100, key_expiry = excluded.key_expiry, updated_at = excluded.updated_at`);
  const sent = (kind: NoticeKind) => `EXISTS (SELECT 1 FROM notices_sent n WHERE n.key_id = u.key_id AND n.kind = '${kind}' AND n.subject = u.day || '|' || u.class)`;
  const countersStmt = db.prepare(`SELECT u.key_id, u.class, u.used, k.plan, k.limit_standard, k.limit_forecast_stats, k.limit_cheap, k.prefix, a.email,
      ${SETTINGS}, ${sent('quota_80')} AS sent_80, ${sent('quota_100')} AS sent_100
    FROM usage_counters u JOIN api_keys k ON k.id = u.key_id JOIN accounts a ON a.id = k.account_id LEFT JOIN notice_settings s ON s.account_id = a.id
    WHERE u.day = ? AND k.status = 'active' AND a.verified_at IS NOT NULL`);
  const expiringStmt = db.prepare(`SELECT k.id AS key_id, k.prefix, k.expires_at, k.last_used_at, a.email
    FROM api_keys k JOIN accounts a ON a.id = k.account_id LEFT JOIN notice_settings s ON s.account_id = a.id
    WHERE k.status = 'active' AND k.expires_at > ? AND k.expires_at <= ? AND a.verified_at IS NOT NULL AND coalesce(s.key_expiry, 1) = 1
      AND NOT EXISTS (SELECT 1 FROM notices_sent n WHERE n.key_id = k.id AND n.kind = 'key_expiry' AND n.subject = k.expires_at)`);
  const claimStmt = db.prepare('INSERT OR IGNORE INTO notices_sent (key_id, kind, subject, sent_at) VALUES (?, ?, ?, ?)');
  const releaseStmt = db.prepare('DELETE FROM notices_sent WHERE key_id = ? AND kind = ? AND subject = ?');
  const purgeStmt = db.prepare('DELETE FROM notices_sent WHERE sent_at < ?');
  const sentStmt = db.prepare('SELECT kind, subject FROM notices_sent WHERE key_id = ? ORDER BY sent_at, kind');

  return {
    /** What the account wants to be told (every notice on when it never said). */
    settings(accountId: number): NoticeSettings {
      const row = settingsStmt.get(accountId) as Record<NoticeKind, number>;
      return { quota_80: row.quota_80 === 1, quota_100: row.quota_100 === 1, key_expiry: row.key_expiry === 1 };
    },
    saveSettings(accountId: number, settings: NoticeSettings, nowIso: string): void {
      saveStmt.run(accountId, Number(settings.quota_80), Number(settings.quota_100), Number(settings.key_expiry), nowIso);
    },
    /**
     * The day's counters of active keys of verified accounts, with each account's settings and which of the
     * day's notices of the class were sent (subject `day|class`, as the job claims them).
     */
    counters: (day: string) => countersStmt.all(day) as QuotaCounterRow[],
    /**
     * Active keys of verified accounts that expire after `fromIso` and no later than `untilIso`, whose account
     * wants to know and was not told yet (subject: the expiry instant).
     */
    expiring: (fromIso: string, untilIso: string) => expiringStmt.all(fromIso, untilIso) as ExpiringKeyRow[],
    /** Takes the notice (true) unless it was taken already: the one who takes it sends it. */
    claim: (keyId: number, kind: NoticeKind, subject: string, nowIso: string) => claimStmt.run(keyId, kind, subject, nowIso).changes === 1,
    /** Gives a claim back (the mail failed): the next round tries again. */
    release: (keyId: number, kind: NoticeKind, subject: string) => void releaseStmt.run(keyId, kind, subject),
    /** Forgets notices sent before `beforeIso` (their day is long past). */
    purge: (beforeIso: string) => purgeStmt.run(beforeIso).changes,
    /** The notices sent about a key, oldest first. */
    sent: (keyId: number) => sentStmt.all(keyId) as { kind: NoticeKind; subject: string }[],
  };
}

export type UsageNoticesRepo = ReturnType<typeof createUsageNoticesRepo>;
