/** `status`: health of every product, as the background self-check last found it. Public, never counted. */
import { StatusInput, StatusOutput } from '../../models/status.js';
import { feedHealth, productsWithFailingFeeds } from '../feeds/health.js';
import { defineOperation } from '../operation.js';

/**
 * Each product's title (its summary) by slug, for `products.<slug>.title`. The registry is imported when
 * first needed, not at load: it imports this file.
 */
let titlesOnce: Promise<Map<string, string>> | null = null;
const productTitles = () =>
  (titlesOnce ??= import('../registry.js').then(({ operations }) => new Map(operations.map((op) => [op.slug, op.summary]))));

export const status = defineOperation({
  name: 'status',
  slug: 'status',
  summary: 'Health of every product',
  description:
    'Online, degraded or offline for each product, with the latency of its last self-check. ' +
    'Refreshed every 5 minutes by a background job; a request never triggers a check. Public: no key, never counted. ' +
    'Each product carries its `title`. `feeds` lists the live feeds this deployment polls (last attempt and success, age, ' +
    'failures); a product all of whose feeds are failing or stale shows degraded, and so does one that holds nothing to answer with. ' +
    'A product not online carries `reason`: `no_data` (it holds nothing for anyone), `replay_only` (it answers only from the ' +
    'recorded sample replayed to the present), `stale_source` (its newest reading is over 3 hours old, or its feeds are failing ' +
    'or stale), `partial_coverage` (it holds places for some countries but not for every country the checkpoints are in), `slow`, `unavailable`, `failed` or `store_unavailable`; `detail` says the same in a sentence.',
  versions: [1],
  access: 'public',
  quotaClass: null,
  input: StatusInput,
  output: StatusOutput,
  // Feed ages move with the clock: a minute at most.
  cacheTtlMs: 60_000,
  dataVersion: (_input, deps) => `${deps.repos.status.generation}|${deps.repos.feeds.generation}`,
  // Reading the stored checks exercises the store, which every product depends on.
  selfCheck: () => ({}),
  async handler(_input, deps) {
    const titles = await productTitles();
    const feeds = feedHealth(deps.settings.feeds ?? [], deps.repos.feeds, deps.now());
    const unrefreshed = productsWithFailingFeeds(feeds);
    const checks = deps.repos.status.all().map((c) => (c.status === 'online' && unrefreshed.has(c.product)
      ? { ...c, status: 'degraded' as const, detail: unrefreshed.get(c.product)!, reason: 'stale_source' as const } : { ...c, reason: c.reason ?? null }));
    const summary = { total: checks.length, online: 0, degraded: 0, offline: 0 };
    const products: StatusOutput['products'] = {};
    let checkedAt: string | null = null;
    for (const { product, ...health } of checks) {
      summary[health.status]++;
      products[product] = titles.has(product) ? { title: titles.get(product)!, ...health } : health;
      if (checkedAt === null || health.checked_at > checkedAt) checkedAt = health.checked_at;
    }
    const overall: StatusOutput['overall'] =
      summary.online === summary.total ? 'operational' : summary.online === 0 ? 'outage' : 'degraded';
    return { data: { checked_at: checkedAt, overall, summary, products, feeds } };
  },
});
