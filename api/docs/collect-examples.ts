/**
 * Collects the API reference's examples by calling the service: every product with a self-check input is
 * called over HTTP (`app.inject`) with a real key, and each error code the client can cause is caused.
 * Run over the bundled data at EXAMPLES_NOW (build-examples.ts, and the test that checks the file is
 * current). Lists are cut to a few items where the cut answer still parses with the product's schema.
 */
import type { FastifyInstance } from 'fastify';
import { issueKey } from '../access/issue-key.js';
import { buildApp } from '../app.js';
import type { Deps } from '../deps.js';
import { routePath } from '../rest/paths.js';
import { successEnvelope } from '../../models/envelope.js';
import type { AnyOperation } from '../../services/operation.js';
import { EXAMPLE_LIST_ITEMS, EXAMPLE_REQUEST_ID, type DocsExamples, type ExampleCall } from './examples.js';
import { synthesizedErrors } from './error-examples.js';

/** The headers an example shows: the rate-limit and quota headers, the ETag, Retry-After (not the random request id). */
const SHOWN_HEADERS = /^(ratelimit|ratelimit-policy|retry-after|etag|x-devapi-.*)$/;

/** The parameters a product is shown with: its self-check input, on a checkpoint that has recorded data. */
export function exampleInput(op: AnyOperation, deps: Deps): Record<string, string> | null {
  if (!op.selfCheck) return null;
  const monitored = [...deps.repos.forecastModels.ppids()].sort();
  const input = { ...(op.selfCheck(deps) as Record<string, unknown>) };
  if (monitored.length > 0 && 'ppid' in input && op.slug !== 'bus-carriers') input.ppid = monitored[0];
  if (monitored.length > 1 && 'ppids' in input) input.ppids = monitored.slice(0, 2).join(',');
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
}

/** The REST URL of a call with `input` (path parameters in the path, the rest in the query). */
export function exampleUrl(op: AnyOperation, version: 1 | 2, input: Record<string, string>): string {
  const pathNames = new Set(op.pathParams ?? []);
  const path = routePath(op, version).replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(input[name] ?? ''));
  const query = new URLSearchParams(Object.entries(input).filter(([k]) => !pathNames.has(k))).toString();
  return query ? `${path}?${query}` : path;
}

/** Every list cut to EXAMPLE_LIST_ITEMS items, depth first. */
function cutLists(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_LIST_ITEMS).map(cutLists);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutLists(v)]));
  return value;
}

async function call(app: FastifyInstance, url: string, authorization?: string, method: 'GET' | 'POST' = 'GET'): Promise<ExampleCall> {
  const res = await app.inject({ method, url, headers: authorization ? { authorization } : {} });
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => SHOWN_HEADERS.test(k)).map(([k, v]) => [k, String(v)]).sort());
  const body = res.json() as Record<string, unknown>;
  const error = body.error as Record<string, unknown> | undefined;
  if (error?.request_id) error.request_id = EXAMPLE_REQUEST_ID;
  return { request: `${method} ${url}`, status: res.statusCode, headers, body };
}

/** The answers and errors of `ops`, called over `deps` (a store holding the bundled data, the clock pinned). */
export async function collectExamples(ops: readonly AnyOperation[], deps: Deps): Promise<DocsExamples> {
  const app = buildApp(deps, { operations: ops });
  try {
    // A new Explorer key per product: each answer shows what a new key's first call gets (usage, headers).
    const newKey = () => `Bearer ${issueKey(deps.repos.keys, { email: 'examples@example.org', plan: 'explorer' }, deps.now()).key}`;
    const inputs: DocsExamples['inputs'] = {};
    const answers: DocsExamples['answers'] = {};
    for (const op of ops) {
      const input = exampleInput(op, deps);
      if (input === null || (op.rest && op.rest.method !== 'GET')) continue;
      const version = op.versions[0]!;
      const answer = await call(app, exampleUrl(op, version, input), op.access === 'keyed' ? newKey() : undefined);
      if (answer.status !== 200) throw new Error(`${op.name}: the example call answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      const cut = cutLists(answer.body);
      const schema = successEnvelope(op.output, op.snapshot);
      inputs[op.name] = input;
      answers[op.name] = { ...answer, body: schema.safeParse(cut).success ? cut : answer.body };
    }
    const errors = { ...synthesizedErrors(deps.settings.serviceName), ...await causedErrors(app, ops, deps, newKey) };
    return { generated_at: deps.now().toISOString(), inputs, answers, errors: Object.fromEntries(Object.entries(errors).sort(([a], [b]) => a.localeCompare(b))) };
  } finally {
    await app.close();
  }
}

/** The errors a client can cause, caused for real on the `queue` product (and one unknown product). */
async function causedErrors(app: FastifyInstance, ops: readonly AnyOperation[], deps: Deps, newKey: () => string): Promise<Record<string, ExampleCall>> {
  const queue = ops.find((op) => op.slug === 'queue');
  if (!queue) return {};
  const now = deps.now();
  const input = exampleInput(queue, deps)!;
  const url = exampleUrl(queue, 1, input);
  const explorer = newKey();
  const tiny = `Bearer ${issueKey(deps.repos.keys, { email: 'tiny@example.org', plan: 'payg', limits: { standard: 1, qps: 1_000 } }, now).key}`;
  const revoked = issueKey(deps.repos.keys, { email: 'revoked@example.org', plan: 'explorer' }, now);
  deps.repos.keys.revoke(revoked.record.id, now.toISOString());
  // The clock is pinned, so the Explorer key's bucket of 2 does not refill: the third call is refused.
  await call(app, url, explorer);
  await call(app, url, explorer);
  await call(app, url, tiny);
  return {
    missing_api_key_401: await call(app, url),
    invalid_api_key_401: await call(app, url, 'Bearer bdds_thisisnotakey'),
    invalid_api_key_403: await call(app, url, `Bearer ${revoked.key}`),
    bad_request_400: await call(app, exampleUrl(queue, 1, { ...input, ppid: 'Hrebenne' }), newKey()),
    not_found_404: await call(app, exampleUrl(queue, 1, { ...input, ppid: 'id_99991' }), newKey()),
    unknown_product_404: await call(app, '/api/v1/data/queues', newKey()),
    method_not_allowed_405: await call(app, url, newKey(), 'POST'),
    qps_exceeded_429: await call(app, url, explorer),
    quota_exceeded_429: await call(app, url, tiny),
  };
}
