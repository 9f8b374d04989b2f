/** API key records. Only digests and display prefixes are stored; the key itself never is. */
import { createNotices } from './notices.js';
import type { Db } from './store.js';

export type KeyStatus = 'active' | 'revoked' | 'pending';

export interface KeyRecord {
  id: number;
  prefix: string;
  email: string;
  plan: 'explorer' | 'payg';
  status: KeyStatus;
  limit_standard: number | null;
  limit_forecast_stats: number | null;
  limit_cheap: number | null;
  qps: number | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  /** The portal account that owns the key (null for keys made with the command line). */
  account_id: number | null;
}

/** Active and not past its expiry at `nowIso` (ISO-8601 UTC): a key that works now. */
export const isLiveKey = (k: Pick<KeyRecord, 'status' | 'expires_at'>, nowIso: string): boolean =>
  k.status === 'active' && (k.expires_at === null || k.expires_at > nowIso);

export type NewKey = Omit<KeyRecord, 'id' | 'revoked_at' | 'last_used_at' | 'account_id'> & { digest: string; account_id?: number | null };

const COLUMNS = `id, prefix, email, plan, status, limit_standard, limit_forecast_stats, limit_cheap, qps,
  created_at, expires_at, revoked_at, last_used_at, account_id`;

export function createKeysRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO api_keys (digest, prefix, email, plan, status, limit_standard, limit_forecast_stats, limit_cheap,
       qps, created_at, expires_at, account_id)
     VALUES (@digest, @prefix, @email, @plan, @status, @limit_standard, @limit_forecast_stats, @limit_cheap,
       @qps, @created_at, @expires_at, @account_id) RETURNING ${COLUMNS}`,
  );
  const byDigest = db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE digest = ?`);
  const byRef = db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE id = ? OR prefix = ?`);
  const all = db.prepare(`SELECT ${COLUMNS} FROM api_keys ORDER BY id`);
  const ofAccount = db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE account_id = ? ORDER BY id DESC`);
  const expire = db.prepare(`UPDATE api_keys SET expires_at = ? WHERE id = ? AND status = 'active' AND (expires_at IS NULL OR expires_at > ?)`);
  const upgrade = db.prepare(`UPDATE api_keys SET plan = 'payg' WHERE account_id = ? AND status != 'revoked'`);
  const count = db.prepare('SELECT count(*) FROM api_keys').pluck();
  const revoke = db.prepare(`UPDATE api_keys SET status = 'revoked', revoked_at = ? WHERE id = ? AND status != 'revoked'`);
  const verify = db.prepare(`UPDATE api_keys SET status = 'active' WHERE id = ? AND status = 'pending'`);
  const touch = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)');
  const touchMany = db.transaction((entries: [number, string][]) => {
    for (const [id, at] of entries) touch.run(at, id, at);
  });

  /** Keys whose standing changed (revoked, expiring, verified, plan): a cached authentication of them is stale. */
  const changes = createNotices<{ ids: number[] }>();
  const noted = (changed: boolean, id: number) => {
    if (changed) changes.emit({ ids: [id] });
    return changed;
  };

  return {
    /** Notices of keys whose standing changed here (the authenticator and scale-out listen). */
    changes,
    create: (key: NewKey) => insert.get({ account_id: null, ...key }) as KeyRecord,
    /** An account's keys, newest first. */
    ofAccount: (accountId: number) => ofAccount.all(accountId) as KeyRecord[],
    /** Sets an active key to expire at `at` (never later than an expiry it already has). */
    expireAt: (id: number, at: string) => noted(expire.run(at, id, at).changes === 1, id),
    /** Moves an account's keys to Pay As You Grow (its default limits). */
    upgradeAccount(accountId: number): number {
      const changed = upgrade.run(accountId).changes;
      if (changed > 0) changes.emit({ ids: (ofAccount.all(accountId) as KeyRecord[]).map((k) => k.id) });
      return changed;
    },
    findByDigest: (digest: string) => (byDigest.get(digest) as KeyRecord | undefined) ?? null,
    /** Keys matching an id or a display prefix (several when a prefix is ambiguous). */
    findByRef: (ref: string) => byRef.all(/^\d+$/.test(ref) ? Number(ref) : -1, ref) as KeyRecord[],
    list: () => all.all() as KeyRecord[],
    count: () => count.get() as number,
    revoke: (id: number, at: string) => noted(revoke.run(at, id).changes === 1, id),
    verify: (id: number) => noted(verify.run(id).changes === 1, id),
    /** Records last-use times in one transaction (called in batches, off the request path). */
    touchMany: (entries: [number, string][]) => touchMany(entries),
  };
}

export type KeysRepo = ReturnType<typeof createKeysRepo>;
