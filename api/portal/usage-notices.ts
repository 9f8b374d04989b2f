/**
 * Usage notices by e-mail, off the request path: a job reads today's counters every minute and tells a
 * key's account when the key has used 80 % and 100 % of a daily quota class (once per key, class and UTC
 * day; past 100 % at once, only that one), and when a key expires within 7 days (a rolled key's old secret
 * at once: its grace period is shorter). Each is claimed in the store before the mail goes (one mail even
 * with several instances) and given back if the mail fails. The portal's notices page turns each off.
 */
import type { Logger } from 'pino';
import type { NoticeKind, QuotaCounterRow, UsageNoticesRepo } from '../../data/usage-notices-repo.js';
import { QuotaClass } from '../../models/envelope.js';
import { limitsFor, nextUtcMidnight, utcDay } from '../access/plans.js';
import type { Mail } from './mailer.js';

export const USAGE_NOTICES_INTERVAL_MS = 60_000;
/** A key expiring within this is announced. */
export const EXPIRY_NOTICE_MS = 7 * 86_400_000;
/** Sent notices are kept this long (then their day is long past). */
const KEEP_SENT_MS = 40 * 86_400_000;

export interface UsageNoticeParts {
  repo: UsageNoticesRepo;
  send: (mail: Mail) => Promise<void>;
  now: () => Date;
  serviceName: string;
  /** The base URL of the portal's links. */
  publicUrl: () => string;
  log: Pick<Logger, 'error' | 'info'>;
}

const CLASS_NAMES: Record<QuotaClass, string> = { standard: 'standard', forecast_stats: 'forecast and statistics', cheap: 'cheap' };

/**
 * The notice a counter is due (100 % before 80 %, each only if the account wants it and it was not sent yet;
 * past 100 % with that notice off, the 80 % one), with the class's limit; null when none. A notice sent is
 * not claimed again every round: the round reads which were sent with the counters.
 */
function due(row: QuotaCounterRow): { kind: NoticeKind; limit: number } | null {
  const cls = QuotaClass.safeParse(row.class);
  if (!cls.success) return null;
  const limit = limitsFor(row.plan, { standard: row.limit_standard, forecast_stats: row.limit_forecast_stats, cheap: row.limit_cheap }).daily[cls.data];
  if (row.used >= limit && row.quota_100 === 1 && row.sent_100 === 0) return { kind: 'quota_100', limit };
  if (row.used * 5 >= limit * 4 && row.quota_80 === 1 && row.sent_80 === 0) return { kind: 'quota_80', limit };
  return null;
}

/** One round: every notice due now, sent; resolves with how many went out. */
export async function runUsageNotices(parts: UsageNoticeParts, signal?: AbortSignal): Promise<{ sent: number }> {
  const { repo, now: clock, serviceName, publicUrl } = parts;
  const now = clock();
  const nowIso = now.toISOString();
  const day = utcDay(now);
  const turnOff = `Turn these notices off: ${publicUrl()}/portal/notices`;
  const mails: { keyId: number; kinds: NoticeKind[]; subject: string; mail: Mail }[] = [];

  for (const row of repo.counters(day)) {
    const notice = due(row);
    if (!notice) continue;
    // Past 100 % the 80 % notice is not sent after it: both are taken (the 80 % one unless it went already), one mail goes.
    const kinds: NoticeKind[] = notice.kind === 'quota_100' ? ['quota_100', ...(row.sent_80 ? [] : ['quota_80' as const])] : ['quota_80'];
    const cls = CLASS_NAMES[row.class as QuotaClass];
    const share = notice.kind === 'quota_100' ? 'all' : `${Math.floor((row.used / notice.limit) * 100)} %`;
    const resets = `${nextUtcMidnight(now).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    mails.push({
      keyId: row.key_id, kinds, subject: `${day}|${row.class}`,
      mail: {
        to: row.email,
        subject: notice.kind === 'quota_100' ? `Today's ${cls} quota is used up: ${serviceName}` : `80 % of today's ${cls} quota used: ${serviceName}`,
        text: `Your API key ${row.prefix}... has used ${share} of its daily ${cls} quota: ${row.used} of ${notice.limit} units today (UTC).\n\n` +
          (notice.kind === 'quota_100' ? `Further calls of that class are refused (429 quota_exceeded) until the reset at ${resets}.\n`
            : `When it is used up, calls of that class are refused (429 quota_exceeded) until the reset at ${resets}.\n`) +
          `\nUsage: ${publicUrl()}/portal/usage\nMore units: Pay As You Grow, from ${publicUrl()}/portal/keys\n\n${turnOff}\n`,
      },
    });
  }
  for (const key of repo.expiring(nowIso, new Date(now.getTime() + EXPIRY_NOTICE_MS).toISOString())) {
    const at = `${key.expires_at.slice(0, 16).replace('T', ' ')} UTC`;
    mails.push({
      keyId: key.key_id, kinds: ['key_expiry'], subject: key.expires_at,
      mail: {
        to: key.email,
        subject: `An API key stops working on ${key.expires_at.slice(0, 10)}: ${serviceName}`,
        text: `Your API key ${key.prefix}... stops working at ${at}` +
          `${key.last_used_at ? ` (last used ${key.last_used_at.slice(0, 16).replace('T', ' ')} UTC)` : ''}.\n\n` +
          `If it was rolled, its replacement is on ${publicUrl()}/portal/keys: put that one in your integration before then.\n\n${turnOff}\n`,
      },
    });
  }

  let sent = 0;
  for (const { keyId, kinds, subject, mail } of mails) {
    if (signal?.aborted) break;
    const claimed = kinds.filter((kind) => repo.claim(keyId, kind, subject, nowIso));
    if (!claimed.includes(kinds[0]!)) continue;
    try {
      await parts.send(mail);
      sent++;
    } catch (err) {
      for (const kind of claimed) repo.release(keyId, kind, subject);
      parts.log.error({ err, kind: kinds[0] }, 'usage notice not sent; tried again next round');
    }
  }
  repo.purge(new Date(now.getTime() - KEEP_SENT_MS).toISOString());
  return { sent };
}
