/** `bdds keys create|list|revoke|verify`: key administration on the configured store. */
import { openForCommand, processIo, type CliIo, UsageError, printColumns } from './io.js';
import { parseArgs } from 'node:util';
import { createKeysRepo, type KeyRecord } from '../../data/keys-repo.js';
import { closeStore } from '../../data/store.js';
import { isServiceError } from '../../models/errors.js';
import { issueKey } from '../access/issue-key.js';
import { digestKey, DISPLAY_PREFIX_LENGTH, displayPrefix, isWellFormedKey, KEY_PREFIX } from '../access/key-format.js';
import { limitsFor, PLANS, type Plan } from '../access/plans.js';
import { createClock, loadConfig } from '../config.js';

export const KEYS_USAGE = `Usage:
  bdds keys create --email E --plan explorer|payg [--standard N] [--forecast-stats N] [--cheap N]
                   [--qps N] [--expires ISO-DATE] [--unverified] [--json]
      Creates a key and prints it alone on standard output (or a JSON object with --json).
      The key is shown once and stored only as a digest. Per-key limits are for payg.
      --expires must be in the future.
  bdds keys list [--json]
      Lists keys by display prefix (never the keys themselves): id, prefix, plan, status, email,
      expires, last used. A key past its expiry shows status expired (the stored status is kept:
      "status" in --json, with "effective_status" beside it).
  bdds keys revoke <prefix-or-id-or-key>
  bdds keys verify <prefix-or-id-or-key>
      Revokes a key, or marks its e-mail as verified (pending -> active; a revoked key cannot be).
      A key is named by its display prefix or id (as listed), or by the whole key (found by its digest,
      never printed).

Exit 0 done (also a key already revoked or verified); 1 when no key matches, a prefix matches several,
or the key to verify is revoked; 2 on bad usage or when the store does not exist.
Uses the store named by BDDS_DB (./var/bdds.sqlite), which must exist (\`bdds serve\` or \`bdds import\`
creates it), and the clock of BDDS_NOW (else the system clock).`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function positive(name: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new UsageError(`--${name} must be a whole number of at least 1`);
  return Number(value);
}

/** A reference as an error may echo it: of a key inside it (`Bearer bdds_...` pasted whole), only the display prefix. */
function echoRef(ref: string): string {
  const at = ref.indexOf(KEY_PREFIX);
  const shortened = at >= 0 && ref.length - at > DISPLAY_PREFIX_LENGTH ? `${ref.slice(0, at)}${displayPrefix(ref.slice(at))}…` : ref;
  return shortened.slice(0, 60);
}

/**
 * The key a reference names: its id, its display prefix (`bdds_` and 7 characters, as `keys list` shows
 * it) or the whole key as it was issued, found as authentication finds it, by its digest (the prefix alone
 * could name another key). A whole key is never echoed: only its display prefix. Not found: exit 1.
 */
function resolveOne(keys: ReturnType<typeof createKeysRepo>, given: string | undefined): KeyRecord {
  const ref = given?.trim(); // a key pasted with the blank around it
  if (!ref) throw new UsageError('name a key by its display prefix, id or the whole key');
  if (ref.startsWith(KEY_PREFIX) && ref.length > DISPLAY_PREFIX_LENGTH) {
    const shownRef = `${displayPrefix(ref)}…`;
    if (!isWellFormedKey(ref)) {
      throw new UsageError(`the key given (${shownRef}) is neither a display prefix (${DISPLAY_PREFIX_LENGTH} characters) nor a whole key: its checksum does not match`);
    }
    const record = keys.findByDigest(digestKey(ref));
    if (!record) throw new Error(`no key in this store is the key given (${shownRef})`);
    return record;
  }
  const found = keys.findByRef(ref);
  if (found.length === 0) throw new Error(`no key matches '${echoRef(ref)}'`);
  if (found.length > 1) throw new Error(`'${echoRef(ref)}' matches ${found.length} keys; use the id`);
  return found[0]!;
}

/** For display: a key at or past its expiry (as authentication counts it) shows expired, unless it is revoked. */
function effectiveStatus(record: KeyRecord, now: Date): KeyRecord['status'] | 'expired' {
  const expired = record.expires_at !== null && Date.parse(record.expires_at) <= now.getTime();
  return expired && record.status !== 'revoked' ? 'expired' : record.status;
}

function describe(record: KeyRecord, now: Date) {
  const limits = limitsFor(record.plan, {
    standard: record.limit_standard, forecast_stats: record.limit_forecast_stats, cheap: record.limit_cheap, qps: record.qps,
  });
  return { id: record.id, prefix: record.prefix, email: record.email, plan: record.plan, status: record.status,
    effective_status: effectiveStatus(record, now),
    limits: { ...limits.daily, qps: limits.qps }, created_at: record.created_at, expires_at: record.expires_at,
    revoked_at: record.revoked_at, last_used_at: record.last_used_at };
}

export async function keysCommand(args: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true, strict: true,
    options: {
      email: { type: 'string' }, plan: { type: 'string' }, standard: { type: 'string' },
      'forecast-stats': { type: 'string' }, cheap: { type: 'string' }, qps: { type: 'string' },
      expires: { type: 'string' }, unverified: { type: 'boolean' }, json: { type: 'boolean' },
    },
  });
  const [action, ref] = positionals;
  const config = loadConfig(io.env);
  // One instant for the whole command: the expiry check, the creation time and the listed statuses.
  const now = createClock(config.now)();
  const db = openForCommand(config.dbPath);
  try {
    const keys = createKeysRepo(db);
    if (action === 'create') {
      if (!values.email) throw new UsageError('--email is required');
      if (!PLANS.includes(values.plan as Plan)) throw new UsageError('--plan must be explorer or payg');
      // ISO only: Date.parse reads 'March 7' as a date in 2001.
      if (values.expires !== undefined && !ISO_DATE.test(values.expires)) {
        throw new UsageError(`--expires must be an ISO date or instant (2027-03-07, 2027-03-07T12:00:00Z), not '${values.expires.slice(0, 40)}'`);
      }
      const expiresAt = values.expires ? new Date(values.expires) : null;
      const [y, m, d] = (values.expires ?? '2000-01-01').slice(0, 10).split('-').map(Number) as [number, number, number];
      if ((expiresAt && Number.isNaN(expiresAt.getTime())) || new Date(Date.UTC(y, m - 1, d)).getUTCDate() !== d || m > 12) {
        throw new UsageError(`--expires must be an ISO date that exists, not '${values.expires}'`);
      }
      if (expiresAt && expiresAt.getTime() <= now.getTime()) {
        throw new UsageError(`--expires ${expiresAt.toISOString()} is not in the future (now ${now.toISOString()}): the key would be expired at once`);
      }
      const limits = { standard: positive('standard', values.standard), forecast_stats: positive('forecast-stats', values['forecast-stats']),
        cheap: positive('cheap', values.cheap), qps: positive('qps', values.qps) };
      const { key, record } = issueKey(keys, { email: values.email, plan: values.plan as Plan, limits,
        status: values.unverified ? 'pending' : 'active', expiresAt }, now);
      io.out(values.json ? JSON.stringify({ key, ...describe(record, now) }) : key);
      return 0;
    }
    if (action === 'list') {
      const rows = keys.list().map((record) => describe(record, now));
      if (values.json) io.out(JSON.stringify(rows));
      else printColumns(io, ['id', 'prefix', 'plan', 'status', 'email', 'expires', 'last used'],
        rows.map((r) => [String(r.id), r.prefix, r.plan, r.effective_status, r.email, r.expires_at ?? 'never', r.last_used_at ?? 'never']));
      return 0;
    }
    if (action === 'revoke' || action === 'verify') {
      const record = resolveOne(keys, ref);
      const changed = action === 'revoke' ? keys.revoke(record.id, now.toISOString()) : keys.verify(record.id);
      if (!changed && action === 'verify' && record.status === 'revoked') {
        // Verifying changes nothing: the key stays revoked and refused. A script must not read it as done.
        io.err(`bdds keys: ${record.prefix} (id ${record.id}) is revoked: it cannot be verified (issue a new key)\n`);
        return 1;
      }
      io.out(changed ? `${action === 'revoke' ? 'revoked' : 'verified'} ${record.prefix} (id ${record.id})` : `${record.prefix} was already ${record.status}`);
      return 0;
    }
    throw new UsageError(`unknown keys action '${action ?? ''}'\n\n${KEYS_USAGE}`);
  } catch (err) {
    if (isServiceError(err)) throw new UsageError(err.message);
    throw err;
  } finally {
    closeStore(db);
  }
}
