/**
 * What the developer portal does, apart from its pages: sign-up and log-in by e-mail link (no
 * passwords), sessions, an account's keys (create, roll with a grace period, revoke), its usage, and
 * the Pay As You Grow request. Every answer to an address is the same whether an account exists or
 * not (no enumeration), and what differs (the account's lookup, the token's write, the mail) runs after
 * the answer, so the answer's timing does not tell either.
 */
import { randomBytes } from 'node:crypto';
import type { AccountRecord, TokenPurpose } from '../../data/accounts-repo.js';
import { isLiveKey, type KeyRecord } from '../../data/keys-repo.js';
import type { Deps } from '../deps.js';
import { issueKey } from '../access/issue-key.js';
import { utcDay } from '../access/plans.js';
import { normaliseEmail } from './email.js';
import type { Mailer } from './mailer.js';
import { createThrottle } from '../access/throttle.js';
import { text } from '../../models/query.js';

export const VERIFY_TTL_MS = 24 * 3_600_000;
export const LOGIN_TTL_MS = 15 * 60_000;
export const SESSION_TTL_MS = 7 * 24 * 3_600_000;
/** A rolled key keeps working this long, then expires. */
export const ROLL_GRACE_MS = 24 * 3_600_000;
/** Keys that work now, a rolled key in its grace period included: a free account's quota is per key. */
export const MAX_ACTIVE_KEYS = 10;
/**
 * New keys (created or rolled) per account per UTC day. Without it, revoke-then-create (or rolling) would
 * give an account a fresh key, with a fresh quota, as often as it asked.
 */
export const NEW_KEYS_PER_DAY = 10;
/** Sign-up and log-in requests per hour: per client address, and per e-mail address. */
export const LINK_REQUESTS_PER_HOUR = { address: 20, email: 3 };

export interface PortalServiceParts {
  deps: Deps;
  mailer: Mailer;
  /** The base URL of links in e-mails (configured, never taken from a request's Host header). */
  publicUrl: () => string;
}

export type LinkRequestResult = 'sent' | 'invalid_email' | 'throttled';

const PaygNote = text(1_000);
const secret = () => randomBytes(32).toString('base64url');

export function createPortalService({ deps, mailer, publicUrl }: PortalServiceParts) {
  const { accounts, keys, sandbox } = deps.repos;
  const byAddress = createThrottle(LINK_REQUESTS_PER_HOUR.address);
  const byEmail = createThrottle(LINK_REQUESTS_PER_HOUR.email);
  const nowIso = () => deps.now().toISOString();
  const name = deps.settings.serviceName;

  /** Sends `account` a link, to the address as the reader typed it (`to`): the account is the normalised address, the mailbox the typed one. */
  function sendLink(account: AccountRecord, purpose: TokenPurpose, to: string) {
    const token = secret();
    const now = deps.now();
    const ttl = purpose === 'verify' ? VERIFY_TTL_MS : LOGIN_TTL_MS;
    accounts.addToken(token, account.id, purpose, now.toISOString(), new Date(now.getTime() + ttl).toISOString());
    const link = `${publicUrl()}/portal/${purpose === 'verify' ? 'verify' : 'login'}?token=${token}`;
    const text = purpose === 'verify'
      ? `Confirm your address to get your free API key for the ${name}:\n\n${link}\n\nThe link works once, for 24 hours. If you did not sign up, ignore this message.\n`
      : `Log in to the ${name} developer portal:\n\n${link}\n\nThe link works once, for 15 minutes. If you did not ask for it, ignore this message.\n`;
    const subject = purpose === 'verify' ? `Confirm your address: ${name}` : `Your log-in link: ${name}`;
    // Off the request path: the answer takes as long whether or not a message goes out.
    void mailer.send({ to, subject, text }).catch((err: unknown) => deps.log.error({ err, purpose }, 'portal e-mail not sent'));
  }

  /** Sign-up and log-in: one answer whatever the address's state; the mail says what to do next. */
  function requestLink(rawEmail: string, address: string, signUp: boolean): LinkRequestResult {
    const email = normaliseEmail(rawEmail);
    if (email === null) return 'invalid_email';
    // Mail goes where the reader asked: `Ann+x@Example.org` folds to the account `ann@example.org`, but at a
    // provider without sub-addresses that is someone else's mailbox.
    const to = rawEmail.normalize('NFC').trim();
    const nowMs = deps.now().getTime();
    // The e-mail's counter is charged only for a request its client address was allowed: a client past its
    // own limit cannot spend someone else's mailbox's allowance (locking that address out for an hour).
    if (!byAddress.allow(address, nowMs) || !byEmail.allow(email, nowMs)) return 'throttled';
    // Off the request path, for every address alike: the answer waits for the same work whether or not an
    // account exists (the checks above), and the lookup, the token's write and the mail come after it.
    setImmediate(() => {
      try {
        deliverLink(email, signUp, to);
      } catch (err) {
        deps.log.error({ err }, 'portal link not sent');
      }
    });
    return 'sent';
  }

  /** What a link request does once answered: a log-in link for a verified account, else a sign-up link (never an account for a log-in). */
  function deliverLink(email: string, signUp: boolean, to: string): void {
    const existing = accounts.byEmail(email);
    if (existing?.verified_at) sendLink(existing, 'login', to);
    else if (existing || signUp) sendLink(existing ?? accounts.ensure(email, nowIso()), 'verify', to);
  }

  function newKey(account: AccountRecord): string {
    return issueKey(keys, { email: account.email, plan: account.plan, accountId: account.id }, deps.now()).key;
  }

  const activeKeys = (account: AccountRecord) => {
    const now = nowIso();
    return keys.ofAccount(account.id).filter((k) => isLiveKey(k, now));
  };

  /** Why the account may not have one more key now, or null when it may. */
  const newKeyRefusal = (account: AccountRecord): string | null => {
    if (activeKeys(account).length >= MAX_ACTIVE_KEYS) {
      return `An account holds at most ${MAX_ACTIVE_KEYS} active keys, rolled keys in their grace period included; revoke one first.`;
    }
    const today = utcDay(deps.now());
    if (keys.ofAccount(account.id).filter((k) => k.created_at.startsWith(today)).length >= NEW_KEYS_PER_DAY) {
      return `An account gets at most ${NEW_KEYS_PER_DAY} new keys (created or rolled) per UTC day; try again after midnight UTC.`;
    }
    return null;
  };

  const ownKey = (account: AccountRecord, keyId: number): KeyRecord | null => keys.ofAccount(account.id).find((k) => k.id === keyId) ?? null;

  return {
    signUp: (email: string, address: string) => requestLink(email, address, true),
    logIn: (email: string, address: string) => requestLink(email, address, false),
    tokenUsable: (token: string, purpose: TokenPurpose) => accounts.tokenUsable(token, purpose, nowIso()),

    /**
     * Uses an e-mail link: verifies the account (a verify link), opens a session, and on the first
     * verification issues the account's first key, returned once. Null when the link is not valid.
     */
    confirm(token: string, purpose: TokenPurpose): { session: string; account: AccountRecord; firstKey: string | null } | null {
      const now = deps.now();
      const accountId = accounts.useToken(token, purpose, now.toISOString());
      if (accountId === null) return null;
      if (purpose === 'verify') accounts.markVerified(accountId, now.toISOString());
      const account = accounts.byId(accountId)!;
      const firstKey = purpose === 'verify' && keys.ofAccount(account.id).length === 0 ? newKey(account) : null;
      const session = secret();
      accounts.addSession(session, account.id, now.toISOString(), new Date(now.getTime() + SESSION_TTL_MS).toISOString());
      return { session, account, firstKey };
    },

    /** The verified account of a session cookie, or null. */
    account(session: string | undefined): AccountRecord | null {
      if (!session) return null;
      const account = accounts.sessionAccount(session, nowIso());
      return account?.verified_at ? account : null;
    },
    logOut: (session: string) => accounts.endSession(session),

    keys: (account: AccountRecord) => keys.ofAccount(account.id),
    createKey(account: AccountRecord): { key: string } | { refused: string } {
      const refused = newKeyRefusal(account);
      return refused ? { refused } : { key: newKey(account) };
    },
    /** A new key; the old one keeps working for the grace period, then expires. */
    rollKey(account: AccountRecord, keyId: number): { key: string; oldExpiresAt: string } | { refused: string; limit?: true } {
      const old = ownKey(account, keyId);
      if (!old || !isLiveKey(old, nowIso())) return { refused: 'That key is not an active key of this account.' };
      // The old key keeps working through its grace period, so the new one must fit beside it.
      const refused = newKeyRefusal(account);
      if (refused) return { refused, limit: true };
      // The grace period, or the key's own expiry if that comes first (expireAt never extends a key).
      const graceEnds = new Date(deps.now().getTime() + ROLL_GRACE_MS).toISOString();
      keys.expireAt(old.id, graceEnds);
      return { key: newKey(account), oldExpiresAt: old.expires_at !== null && old.expires_at < graceEnds ? old.expires_at : graceEnds };
    },
    revokeKey(account: AccountRecord, keyId: number): boolean {
      const key = ownKey(account, keyId);
      return key !== null && keys.revoke(key.id, nowIso());
    },

    /**
     * Records the request. The note is one line of text like every other text the service takes: the
     * textarea's line breaks and tabs become spaces, and any other control, invisible or bidi character is
     * refused (it would reach the operator's terminal through `bdds accounts list`).
     */
    requestPayg(account: AccountRecord, note: string): { done: boolean } | { refused: string } {
      const oneLine = note.replace(/[\r\n\t]+/g, ' ').normalize('NFC').trim().slice(0, 1_000);
      if (oneLine !== '') {
        const checked = PaygNote.safeParse(oneLine);
        if (!checked.success) return { refused: 'The note may not contain control or invisible characters; write it as plain text.' };
      }
      return { done: accounts.requestPayg(account.id, oneLine, nowIso()) };
    },

    /** Units used per UTC day and quota class over the last `days` days, the sandbox's calls beside them. */
    usage(account: AccountRecord, days = 30) {
      const today = deps.now();
      const from = utcDay(new Date(today.getTime() - (days - 1) * 86_400_000));
      const rows = accounts.usageByDay(account.id, from);
      const sandboxRows = sandbox.history(account.id, from);
      return Array.from({ length: days }, (_, i) => {
        const day = utcDay(new Date(today.getTime() - (days - 1 - i) * 86_400_000));
        const of = (cls: string) => rows.find((r) => r.day === day && r.class === cls)?.used ?? 0;
        return { day, standard: of('standard'), forecast_stats: of('forecast_stats'), cheap: of('cheap'), sandbox: sandboxRows.find((r) => r.day === day)?.used ?? 0 };
      });
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
