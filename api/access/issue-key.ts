/** Creating a key: the only moment the plain key exists; it is returned once and stored as a digest. */
import type { KeyRecord, KeysRepo, KeyStatus } from '../../data/keys-repo.js';
import { badRequest } from '../../models/errors.js';
import { digestKey, displayPrefix, generateKey } from './key-format.js';
import type { KeyLimitOverrides, Plan } from './plans.js';

export interface KeyRequest {
  email: string;
  plan: Plan;
  limits?: KeyLimitOverrides;
  status?: Extract<KeyStatus, 'active' | 'pending'>;
  expiresAt?: Date | null;
  /** The portal account the key belongs to. */
  accountId?: number | null;
}

/** No whitespace and no control character: the address is printed by `bdds keys list`. */
const EMAIL = /^[^\s@\u0000-\u001F\u007F-\u009F]{1,64}@[^\s@\u0000-\u001F\u007F-\u009F]{1,255}$/;

export function issueKey(keys: Pick<KeysRepo, 'create'>, request: KeyRequest, now: Date): { key: string; record: KeyRecord } {
  if (!EMAIL.test(request.email)) throw badRequest(`'${request.email}' is not an e-mail address.`, 'malformed_email');
  if (request.plan === 'explorer' && request.limits && Object.values(request.limits).some((v) => v != null)) {
    throw badRequest('Explorer limits are fixed; per-key limits are for the payg plan.', 'limits_not_allowed');
  }
  const key = generateKey();
  const limits = request.limits ?? {};
  const record = keys.create({
    digest: digestKey(key),
    prefix: displayPrefix(key),
    email: request.email,
    plan: request.plan,
    status: request.status ?? 'active',
    limit_standard: limits.standard ?? null,
    limit_forecast_stats: limits.forecast_stats ?? null,
    limit_cheap: limits.cheap ?? null,
    qps: limits.qps ?? null,
    created_at: now.toISOString(),
    expires_at: request.expiresAt ? request.expiresAt.toISOString() : null,
    account_id: request.accountId ?? null,
  });
  return { key, record };
}
