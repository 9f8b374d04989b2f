/**
 * The interface's own tables, as data: the project's machine-readable copy of the rules it implements.
 *
 * Where it came from: transcribed (issue 32) from `../shared/spec/interface-spec.md` (the endpoints'
 * parameter tables: each product's version root and its `lang` default; the Errors table; the status
 * endpoint's three states) and `../shared/spec/CONTRACT.md` section 1 (the error codes with their HTTP
 * statuses, the quota classes, the languages and "`uk` for stats, day-stats, alternatives and travel-matrix,
 * `en` elsewhere") and section 3 (`status`: `overall` and the per-product states). Nothing here is decided
 * by this project: where the documents are silent the entry says so (`lang: null`: the interface lists no
 * `lang` for the product; its default, if the product takes one, is the general `en`).
 *
 * The service reads it at run time where the interface fixes a value (`langDefaultOf`, applied to every
 * operation by `defineOperation`), and `test/contract/interface-rules.test.ts` checks every registered
 * product against it (and, when the documents are beside the project, this copy against them), so a
 * drift on either side fails a test.
 */
import type { Lang } from './languages.js';

export type RuleQuotaClass = 'standard' | 'forecast_stats' | 'cheap';

export interface ProductRule {
  /** The version root the interface lists it under. */
  version: 1 | 2;
  /** `public` needs no key and is never counted (`/status` only). */
  access: 'public' | 'keyed';
  /** CONTRACT.md, "Quota classes"; null for the public status. */
  quotaClass: RuleQuotaClass | null;
  /** The `lang` default the interface's parameter table states, or null where it lists none. */
  lang: Lang | null;
}

/** Every product of the interface, by slug. */
export const PRODUCT_RULES: Readonly<Record<string, ProductRule>> = Object.freeze({
  'status': { version: 1, access: 'public', quotaClass: null, lang: null },
  'checkpoints': { version: 1, access: 'keyed', quotaClass: 'standard', lang: 'en' },
  'multi': { version: 1, access: 'keyed', quotaClass: 'standard', lang: 'en' },
  'border': { version: 1, access: 'keyed', quotaClass: 'standard', lang: 'en' },
  'search': { version: 1, access: 'keyed', quotaClass: 'standard', lang: 'en' },
  'queue': { version: 1, access: 'keyed', quotaClass: 'standard', lang: null },
  'stats': { version: 1, access: 'keyed', quotaClass: 'forecast_stats', lang: 'uk' },
  'day-stats': { version: 1, access: 'keyed', quotaClass: 'forecast_stats', lang: 'uk' },
  'forecast': { version: 1, access: 'keyed', quotaClass: 'forecast_stats', lang: null },
  'alternatives': { version: 1, access: 'keyed', quotaClass: 'standard', lang: 'uk' },
  'update-info': { version: 1, access: 'keyed', quotaClass: 'standard', lang: null },
  'fuel': { version: 1, access: 'keyed', quotaClass: 'standard', lang: null },
  'fuel-cities': { version: 1, access: 'keyed', quotaClass: 'standard', lang: 'en' },
  'pois': { version: 1, access: 'keyed', quotaClass: 'standard', lang: null },
  'truck-bans': { version: 1, access: 'keyed', quotaClass: 'standard', lang: null },
  'trading-sundays': { version: 1, access: 'keyed', quotaClass: 'standard', lang: null },
  'bus-carriers': { version: 1, access: 'keyed', quotaClass: 'standard', lang: null },
  'road-conditions': { version: 1, access: 'keyed', quotaClass: 'standard', lang: null },
  'assistant': { version: 1, access: 'keyed', quotaClass: 'standard', lang: 'en' },
  'travel-matrix': { version: 1, access: 'keyed', quotaClass: 'standard', lang: 'uk' },
  'restaurants': { version: 2, access: 'keyed', quotaClass: 'cheap', lang: 'en' },
});

/**
 * What this project serves beyond the interface's products (docs/alerts.md): alerts (`createAlert`,
 * `listAlerts`, `deleteAlert`) and the readings stream. The interface's tables say nothing of them; the
 * contract's rules (envelope, errors, quota classes) apply all the same.
 */
export const PROJECT_ADDITIONS: readonly string[] = Object.freeze(['alerts', 'queue-stream']);

/** CONTRACT.md: "The default when `lang` is absent is the interface's: ... `en` elsewhere." */
export const GENERAL_LANG_DEFAULT: Lang = 'en';

/** The language a product answers in when `lang` is absent (or names a language not supported). */
export function langDefaultOf(slug: string): Lang {
  return PRODUCT_RULES[slug]?.lang ?? GENERAL_LANG_DEFAULT;
}

/** CONTRACT.md section 1, "Errors": each code with the HTTP statuses it is sent with. */
export const ERROR_RULES: Readonly<Record<string, readonly number[]>> = Object.freeze({
  missing_api_key: [401],
  invalid_api_key: [401, 403],
  qps_exceeded: [429],
  quota_exceeded: [429],
  unknown_product: [404],
  not_found: [404],
  bad_request: [400],
  service_unavailable: [503],
  internal_error: [500],
});

/** The version roots and the `api_version` each answers with (CONTRACT.md, "Versions and paths"). */
export const VERSION_RULES: Readonly<Record<string, { root: string; apiVersion: string }>> = Object.freeze({
  1: { root: '/api/v1/data/', apiVersion: '1' },
  2: { root: '/api/v2/data/', apiVersion: '2' },
});

/** `/status`: each product's state, and the overall rollup (interface "GET /status"; CONTRACT.md `status`). */
export const STATUS_RULES = Object.freeze({
  product: ['online', 'degraded', 'offline'] as const,
  overall: ['operational', 'degraded', 'outage'] as const,
});

/** Explorer (free): daily limits per quota class and requests per second (CONTRACT.md "Quota classes"; interface "Limits"). */
export const EXPLORER_RULES = Object.freeze({ daily: Object.freeze({ standard: 200, forecast_stats: 50, cheap: 1000 }), qps: 2 });

/** Pay As You Grow: requests per second (its daily limits are configured per key). */
export const PAYG_QPS = 10;
