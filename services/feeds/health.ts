/**
 * How the live feeds stand, for `/status` (and the products they supply): each configured feed's last
 * attempt and success, its age and failures; a feed is `stale` when it has had no success for three of its
 * intervals, `failing` when its last poll failed.
 */
import { feedNamed, type FeedSetting } from '../../data/feeds/catalog.js';
import type { FeedsRepo } from '../../data/feeds-repo.js';
import type { FeedHealth } from '../../models/status.js';

/** No success for this many intervals makes a feed stale. */
export const STALE_INTERVALS = 3;

export function feedHealth(settings: readonly FeedSetting[], repo: FeedsRepo, now: Date): FeedHealth[] {
  return settings.map((setting) => {
    const def = feedNamed(setting.name)!;
    const state = repo.get(setting.name);
    const age = state?.last_success_at ? Math.max(0, Math.round((now.getTime() - Date.parse(state.last_success_at)) / 1000)) : null;
    const status: FeedHealth['status'] = !state?.last_attempt_at ? 'pending'
      : state.consecutive_failures > 0 ? 'failing'
        : age === null || age > STALE_INTERVALS * setting.intervalS ? 'stale' : 'ok';
    return {
      name: setting.name, title: def.title, status, interval_s: setting.intervalS,
      last_attempt_at: state?.last_attempt_at ?? null, last_success_at: state?.last_success_at ?? null, age_s: age,
      consecutive_failures: state?.consecutive_failures ?? 0, failures: state?.failures ?? 0, fetches: state?.fetches ?? 0,
      last_error: state?.last_error ?? null, rows: state?.last_rows ?? 0, rejected: state?.last_rejected ?? 0, products: [...def.products],
    };
  });
}

/**
 * Products every one of whose feeds is failing or stale, with a sentence saying so (`/status` then shows
 * them degraded: what they answer comes from data that is not being refreshed).
 */
export function productsWithFailingFeeds(feeds: readonly FeedHealth[]): Map<string, string> {
  const bySlug = new Map<string, FeedHealth[]>();
  for (const feed of feeds) for (const slug of feed.products) bySlug.set(slug, [...(bySlug.get(slug) ?? []), feed]);
  const out = new Map<string, string>();
  for (const [slug, list] of bySlug) {
    if (!list.every((f) => f.status === 'failing' || f.status === 'stale')) continue;
    out.set(slug, `its feeds are not being refreshed: ${list.map((f) => `${f.name} ${f.status}${f.last_error ? ` (${f.last_error})` : ''}`).join('; ')}; ` +
      'the data held is served with its age');
  }
  return out;
}
