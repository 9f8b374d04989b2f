/**
 * Schema-driven fuzzing of every operation the OpenAPI document lists (RELIABILITY.md, "Bad input"):
 * per operation, 200 valid and 200 invalid requests through `app.inject`, with a fixed seed. Every answer
 * is a documented status, never a 5xx, matches the documented schema for that status and carries nothing
 * internal; built-in prototypes are unchanged afterwards. Longer runs with a random seed: bench/fuzz.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { operations } from '../../../services/registry.js';
import { bearer } from '../../helpers/deps.js';
import { urlOf } from './document.js';
import { errorLogLines, formatStatuses, fuzzOperation, startTarget, TEST_SEED, type FuzzTarget } from './harness.js';
import { answerProblems, prototypeChanges, type Answer } from './oracle.js';
import type { FuzzCase } from './requests.js';

const RUNS = { valid: 200, invalid: 200 };

// Every route the registry serves: the document the app serves must list each (the fuzzing itself runs
// over the operations the document lists).
/** The data products' GET routes (the writes on a key's alerts, outside the data roots, have tests of their own). */
const routes = operations.filter((op) => !op.rest).flatMap((op) => op.versions.map((version) => ({ slug: op.slug, version: String(version) })));

describe('fuzz: every documented operation, valid and hostile requests', () => {
  let target: FuzzTarget;
  const cleanups: (() => unknown)[] = [];
  before(async () => {
    target = await startTarget({ after: (fn: () => unknown) => void cleanups.push(fn) } as never);
  });
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it('the document lists every route the registry serves, with the statuses the oracles rely on', () => {
    assert.equal(target.ops.length, routes.length, `documented: ${target.ops.map((o) => o.template).join(', ')}`);
    for (const route of routes) assert.ok(target.ops.some((o) => o.slug === route.slug && o.version === route.version), `${route.slug} v${route.version} is documented`);
    for (const op of target.ops) {
      assert.ok(op.responses.has(200) && op.responses.has(400), `${op.id} documents 200 and 400`);
      if (op.keyed) for (const s of [401, 403, 429]) assert.ok(op.responses.has(s), `${op.id} documents ${s}`);
    }
  });

  it('the oracles refuse what they are for (so that a pass means something)', async () => {
    const op = target.ops.find((o) => o.slug === 'queue')!;
    const ok: FuzzCase = { kind: 'valid', request: { path: {}, query: [['ppid', target.domain.sample[0]!.ppid]] }, auth: { kind: 'key' }, expect: 'documented', mutations: [] };
    const res = await target.app.inject({ url: urlOf(op, ok.request), headers: bearer(target.key) });
    const real: Answer = { statusCode: res.statusCode, headers: res.headers, body: res.body };
    assert.deepEqual(answerProblems(target.doc, op, ok, real), []);
    const body = JSON.parse(res.body);
    const firstNumber = (node: unknown, at: string[] = []): string[] | null => {
      if (typeof node === 'number') return at;
      if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          const found = firstNumber(v, [...at, k]);
          if (found) return found;
        }
      }
      return null;
    };
    const path = firstNumber(body.data)!;
    const retyped = structuredClone(body);
    path.slice(0, -1).reduce((o, k) => o[k], retyped.data)[path.at(-1)!] = 'x';
    const broken: [string, Answer, FuzzCase?][] = [
      ['a 500', { ...real, statusCode: 500 }],
      ['an undocumented status', { ...real, statusCode: 418 }],
      ['a missing envelope field', { ...real, body: JSON.stringify({ ...body, attribution: undefined }) }],
      ['an unknown envelope field', { ...real, body: JSON.stringify({ ...body, debug: 1 }) }],
      [`a string for the number at data.${path.join('.')}`, { ...real, body: JSON.stringify(retyped) }],
      ['a stack in the body', { ...real, body: JSON.stringify({ ...body, data: { ...body.data, note: 'x\n    at run (/work/main/api/x.ts:1:2)' } }) }],
      ['SQL in the body', { ...real, statusCode: 400, body: JSON.stringify({ ...body, ok: false, data: undefined, error: { code: 'bad_request', message: 'SQLITE_ERROR: no such table', request_id: 'r' } }) }],
      ['an error code the document does not list', { ...real, statusCode: 400, body: JSON.stringify({ ...body, ok: false, data: undefined, error: { code: 'oops', message: 'm', request_id: 'r' } }) }],
      ['a 200 where a 400 is certain', real, { ...ok, kind: 'invalid', expect: 'bad_request' }],
      ['a body that is not JSON', { ...real, body: '<html>' }],
      ['a raw bidi override', { ...real, body: JSON.stringify({ ...body, meta: { ...body.meta, ignored_params: ['\u202Eevil'] } }) }],
    ];
    for (const [what, answer, fuzzCase] of broken) assert.notDeepEqual(answerProblems(target.doc, op, fuzzCase ?? ok, answer), [], `the oracle catches ${what}`);
  });

  it(`every documented operation: ${RUNS.valid} valid and ${RUNS.invalid} invalid requests each`, async (t) => {
    for (const op of target.ops) {
      await t.test(`${op.id} ${op.template}`, async (st) => {
        const stats = await fuzzOperation(target, op, TEST_SEED, RUNS);
        st.diagnostic(`valid: ${formatStatuses(stats.statuses.valid)}; invalid: ${formatStatuses(stats.statuses.invalid)}; `
          + `sweep (${stats.sweep}): ${formatStatuses(stats.statuses.sweep)}; ${stats.ms.toFixed(0)} ms`);
        assert.equal(stats.valid, RUNS.valid);
        assert.equal(stats.invalid, RUNS.invalid);
        // The valid generator must reach the product, not only its parameter checks.
        const count = (counts: Record<number, number>, min: number, max: number) =>
          Object.entries(counts).filter(([s]) => Number(s) >= min && Number(s) < max).reduce((n, [, c]) => n + c, 0);
        const ok = count(stats.statuses.valid, 200, 300);
        assert.ok(ok >= RUNS.valid / 4, `only ${ok} of ${RUNS.valid} valid requests were answered 2xx: ${formatStatuses(stats.statuses.valid)}`);
        // ... and the invalid one must mostly be refused (unknown parameters alone are ignored, not refused).
        const refused = count(stats.statuses.invalid, 400, 500);
        assert.ok(refused >= RUNS.invalid / 5, `only ${refused} of ${RUNS.invalid} invalid requests were refused: ${formatStatuses(stats.statuses.invalid)}`);
      });
    }
  });

  it('leaves the built-in prototypes untouched and logs no internal error', () => {
    assert.deepEqual(prototypeChanges(target.prototypes), []);
    assert.deepEqual(errorLogLines(target.logLines), []);
  });
});
