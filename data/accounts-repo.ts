/**
 * Developer-portal accounts, their single-use e-mail tokens and their sessions. Tokens and session ids
 * are stored as SHA-256 digests only: a copy of the store opens nobody's account.
 */
import type { QuotaStore } from '../models/access.js';
import { secretDigest } from './secret-digest.js';
import type { Db } from './store.js';

export interface AccountRecord {
  id: number;
  email: string;
  created_at: string;
  verified_at: string | null;
  plan: 'explorer' | 'payg';
  payg_requested_at: string | null;
  payg_note: string | null;
  payg_approved_at: string | null;
}

export type TokenPurpose = 'verify' | 'login';


export function createAccountsRepo(db: Db) {
  const byEmail = db.prepare('SELECT * FROM accounts WHERE email = ?');
  const byId = db.prepare('SELECT * FROM accounts WHERE id = ?');
  const all = db.prepare('SELECT * FROM accounts ORDER BY id');
  const insert = db.prepare('INSERT INTO accounts (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING');
  const verify = db.prepare('UPDATE accounts SET verified_at = ? WHERE id = ? AND verified_at IS NULL');
  const requestPayg = db.prepare('UPDATE accounts SET payg_requested_at = ?, payg_note = ? WHERE id = ? AND plan = \'explorer\'');
  const approvePayg = db.prepare('UPDATE accounts SET plan = \'payg\', payg_approved_at = ? WHERE id = ? AND plan = \'explorer\'');
  const insertToken = db.prepare('INSERT INTO portal_tokens (digest, account_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)');
  // Single use: the update that marks it used is the check, so two concurrent uses cannot both succeed.
  const useToken = db.prepare(
    `UPDATE portal_tokens SET used_at = @now WHERE digest = @digest AND purpose = @purpose AND used_at IS NULL AND expires_at > @now
     RETURNING account_id`,
  ).pluck();
  const peekToken = db.prepare('SELECT account_id FROM portal_tokens WHERE digest = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?').pluck();
  const insertSession = db.prepare('INSERT INTO portal_sessions (digest, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
  const sessionAccount = db.prepare(
    'SELECT a.* FROM portal_sessions s JOIN accounts a ON a.id = s.account_id WHERE s.digest = ? AND s.expires_at > ?',
  );
  const deleteSession = db.prepare('DELETE FROM portal_sessions WHERE digest = ?');
  const usageByDay = db.prepare(
    `SELECT u.day, u.class, sum(u.used) AS used FROM usage_counters u JOIN api_keys k ON k.id = u.key_id
     WHERE k.account_id = ? AND u.day >= ? GROUP BY u.day, u.class ORDER BY u.day`,
  );
  const purge = db.transaction((now: string) => {
    const sessions = db.prepare('DELETE FROM portal_sessions WHERE expires_at <= ?').run(now).changes;
    const tokens = db.prepare('DELETE FROM portal_tokens WHERE expires_at <= ?').run(now).changes;
    return sessions + tokens;
  });

  return {
    byEmail: (email: string) => (byEmail.get(email) as AccountRecord | undefined) ?? null,
    byId: (id: number) => (byId.get(id) as AccountRecord | undefined) ?? null,
    list: () => all.all() as AccountRecord[],
    /** The account of a (normalised) address, created unverified when there is none. */
    ensure(email: string, now: string): AccountRecord {
      insert.run(email, now);
      return byEmail.get(email) as AccountRecord;
    },
    markVerified: (id: number, now: string) => verify.run(now, id).changes === 1,
    requestPayg: (id: number, note: string, now: string) => requestPayg.run(now, note, id).changes === 1,
    approvePayg: (id: number, now: string) => approvePayg.run(now, id).changes === 1,
    addToken: (secret: string, accountId: number, purpose: TokenPurpose, now: string, expiresAt: string) =>
      void insertToken.run(secretDigest(secret), accountId, purpose, now, expiresAt),
    /** The account a valid, unused, unexpired token opens; marks it used. Null otherwise. */
    useToken: (secret: string, purpose: TokenPurpose, now: string) =>
      (useToken.get({ digest: secretDigest(secret), purpose, now }) as number | undefined) ?? null,
    /** Whether a token is still usable (the confirmation page), without using it. */
    tokenUsable: (secret: string, purpose: TokenPurpose, now: string) => peekToken.get(secretDigest(secret), purpose, now) !== undefined,
    addSession: (secret: string, accountId: number, now: string, expiresAt: string) =>
      void insertSession.run(secretDigest(secret), accountId, now, expiresAt),
    sessionAccount: (secret: string, now: string) => (sessionAccount.get(secretDigest(secret), now) as AccountRecord | undefined) ?? null,
    endSession: (secret: string) => void deleteSession.run(secretDigest(secret)),
    /** Units the account's keys used per UTC day and quota class since `fromDay`. */
    usageByDay: (accountId: number, fromDay: string) => usageByDay.all(accountId, fromDay) as { day: string; class: string; used: number }[],
    /** Deletes expired sessions and tokens; returns how many. */
    purgeExpired: (now: string) => purge(now),
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;

/** The sandbox's allowance: calls per account per UTC day, counted atomically like key quotas. */
export function createSandboxUsage(db: Db) {
  const consume = db.prepare(
    `INSERT INTO sandbox_usage (account_id, day, used) VALUES (@accountId, @day, 1)
     ON CONFLICT (account_id, day) DO UPDATE SET used = used + 1 WHERE used + 1 <= @limit
     RETURNING used`,
  ).pluck();
  const used = db.prepare('SELECT used FROM sandbox_usage WHERE account_id = ? AND day = ?').pluck();
  const refund = db.prepare('UPDATE sandbox_usage SET used = max(0, used - 1) WHERE account_id = ? AND day = ?');
  const history = db.prepare('SELECT day, used FROM sandbox_usage WHERE account_id = ? AND day >= ? ORDER BY day');
  const usedOf = (accountId: number, day: string) => (used.get(accountId, day) as number | undefined) ?? 0;
  return {
    used: usedOf,
    history: (accountId: number, fromDay: string) => history.all(accountId, fromDay) as { day: string; used: number }[],
    /** As the pipeline's quota store: one counter per account and day, one unit per call whatever its class and cost. */
    asQuotaStore(): QuotaStore {
      return {
        consume: async (accountId, day, _cls, _cost, limit) => {
          const stored = consume.get({ accountId, day, limit }) as number | undefined;
          return stored === undefined ? { admitted: false, used: usedOf(accountId, day) } : { admitted: true, used: stored };
        },
        refund: async (accountId, day) => void refund.run(accountId, day),
        used: async (accountId, day) => usedOf(accountId, day),
      };
    },
  };
}

export type SandboxUsage = ReturnType<typeof createSandboxUsage>;
