/**
 * The contract suite: the interface's own tables (models/interface-rules.ts, the project's copy of
 * ../shared/spec/interface-spec.md and CONTRACT.md) against every registered product, so that a product, a
 * code or a state drifting from them fails here; and the copy against the documents, when they are beside
 * the project.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { z } from 'zod';
import { ERROR_STATUS } from '../../models/errors.js';
import { EXPLORER, PAYG_DEFAULTS } from '../../api/access/plans.js';
import { ERROR_RULES, EXPLORER_RULES, langDefaultOf, PAYG_QPS, PRODUCT_RULES, PROJECT_ADDITIONS, STATUS_RULES, VERSION_RULES } from '../../models/interface-rules.js';
import { ProductHealth, StatusOutput } from '../../models/status.js';
import { operations as registered } from '../../services/registry.js';
import { appWithKey, buildTestApp } from '../helpers/deps.js';

/** Codes beyond the contract's table, each documented where the contract is silent (README, "Behaviour every product shares"). */
const DOCUMENTED_EXTRAS: Readonly<Record<string, number>> = { method_not_allowed: 405, payload_too_large: 413, header_too_large: 431, forbidden: 403 };

/** The interface's products: every registered operation but what the project adds (alerts, the readings stream). */
const operations = registered.filter((op) => !PROJECT_ADDITIONS.includes(op.slug));

const langOf = (op: (typeof operations)[number]) => (op.input.shape as Record<string, z.ZodType | undefined>).lang;

describe('the interface tables against every product', () => {
  it('lists every registered product, and registers every product it lists', () => {
    assert.deepEqual(operations.map((op) => op.slug).sort(), Object.keys(PRODUCT_RULES).sort());
    // The additions exist, and none of them renames or shadows an interface product.
    for (const slug of PROJECT_ADDITIONS) {
      assert.ok(registered.some((op) => op.slug === slug), slug);
      assert.equal(PRODUCT_RULES[slug], undefined, slug);
    }
  });

  it('puts each product under its version root, with its access and quota class', () => {
    for (const op of operations) {
      const rule = PRODUCT_RULES[op.slug]!;
      assert.deepEqual(op.versions, [rule.version], `${op.slug}: version root`);
      assert.equal(op.access, rule.access, `${op.slug}: access`);
      assert.equal(op.quotaClass, rule.quotaClass, `${op.slug}: quota class`);
    }
  });

  it("answers in the interface's default language when lang is absent, and falls back to it for a language not supported", () => {
    for (const op of operations) {
      const rule = PRODUCT_RULES[op.slug]!;
      const lang = langOf(op);
      if (rule.lang !== null) assert.ok(lang, `${op.slug}: the interface lists a lang parameter`);
      if (!lang) continue;
      assert.deepEqual(lang.parse(undefined), { lang: langDefaultOf(op.slug), requested: null, fallback: false }, op.slug);
      assert.deepEqual(lang.parse('ja'), { lang: langDefaultOf(op.slug), requested: 'ja', fallback: true }, op.slug);
      assert.match(lang.description ?? '', new RegExp(`\\(default ${langDefaultOf(op.slug)}\\)`), `${op.slug}: the published default`);
    }
    assert.deepEqual(['stats', 'day-stats', 'alternatives', 'travel-matrix'].map(langDefaultOf), ['uk', 'uk', 'uk', 'uk']);
    assert.equal(langDefaultOf('checkpoints'), 'en');
  });

  it("sends each of the contract's error codes with the contract's status, and no code it does not document", () => {
    for (const [code, statuses] of Object.entries(ERROR_RULES)) {
      assert.ok(code in ERROR_STATUS, `${code} exists`);
      assert.ok(statuses.includes(ERROR_STATUS[code as keyof typeof ERROR_STATUS]), `${code}: ${ERROR_STATUS[code as keyof typeof ERROR_STATUS]}`);
    }
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      assert.ok(code in ERROR_RULES || DOCUMENTED_EXTRAS[code] === status, `${code} (${status}) is the contract's or a documented extra`);
    }
  });

  it("gives the plans the interface's limits", () => {
    assert.deepEqual({ ...EXPLORER.daily }, { ...EXPLORER_RULES.daily });
    assert.equal(EXPLORER.qps, EXPLORER_RULES.qps);
    assert.equal(PAYG_DEFAULTS.qps, PAYG_QPS);
  });

  it('reports the states the interface names, and no others', () => {
    assert.deepEqual(ProductHealth.shape.status.options, [...STATUS_RULES.product]);
    assert.deepEqual(StatusOutput.shape.overall.options, [...STATUS_RULES.overall]);
  });
});

describe('the interface tables over REST', () => {
  it("gives every product's default language in meta.lang and draws on its quota class, for every product", async (t) => {
    const { app, deps, key } = await appWithKey(t, { seed: { history: true, models: true } });
    for (const op of operations) {
      if (!op.selfCheck) continue;
      const input = { ...(op.selfCheck(deps) as Record<string, string>) };
      delete input.lang;
      const path = (op.pathParams ?? []).map((p) => { const v = input[p]!; delete input[p]; return `/${v}`; }).join('');
      const query = new URLSearchParams(input).toString();
      const url = `/api/v${op.versions[0]}/data/${op.slug}${path}${query ? `?${query}` : ''}`;
      const res = await app.inject({ url, headers: op.access === 'keyed' ? { authorization: `Bearer ${key}` } : {} });
      const body = res.json();
      assert.equal(body.api_version, VERSION_RULES[op.versions[0]!]!.apiVersion, `${url}: api_version`);
      if (op.access === 'keyed') assert.equal(body.usage.class, PRODUCT_RULES[op.slug]!.quotaClass, `${url}: quota class`);
      if (!langOf(op)) continue;
      assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
      assert.equal(body.meta.lang, langDefaultOf(op.slug), `${url}: meta.lang`);
    }
  });

  it('answers a version root that does not exist with a 404 envelope naming the versions there are, never as v1', async (t) => {
    const { app } = await buildTestApp(t);
    for (const url of ['/api/v3/data/queue?ppid=id_129', '/api/v0/data/status', '/api/v10/data/nothing']) {
      const res = await app.inject(url);
      assert.equal(res.statusCode, 404, url);
      const body = res.json();
      assert.deepEqual([body.ok, body.api_version, body.error.code, body.error.reason], [false, null, 'unknown_product', 'unknown_version'], url);
      assert.match(body.error.message, /the versions are 1 \(\/api\/v1\/data\/\) and 2 \(\/api\/v2\/data\/\)/, url);
    }
    assert.match((await app.inject('/api/v3/data/queue')).json().error.message, /'queue' lives under \/api\/v1\/data\/\./);
    assert.equal((await app.inject('/api/v1/data/status')).json().api_version, '1');
  });
});

/** The documents the copy was made from, when the project sits beside them (as here); absent elsewhere: skipped. */
const SPEC = new URL('../../../shared/spec/interface-spec.md', import.meta.url);
const CONTRACT = new URL('../../../shared/spec/CONTRACT.md', import.meta.url);

describe('the copy against the documents', { skip: !existsSync(SPEC) || !existsSync(CONTRACT) ? 'the spec documents are not beside the project' : false }, () => {
  it("holds each endpoint's lang default and version root as interface-spec.md states them", () => {
    const spec = readFileSync(SPEC, 'utf8');
    const sections = spec.split(/^### GET /m).slice(1);
    const seen = new Set<string>();
    for (const section of sections) {
      const head = section.slice(0, section.indexOf('\n'));
      const v2 = head.startsWith('{base_url_v2}');
      const slug = head.replace('{base_url_v2}', '').replace(/^\//, '').split(/[/ ]/)[0]!;
      const rule = PRODUCT_RULES[slug];
      assert.ok(rule, `${slug} is in the copy`);
      seen.add(slug);
      assert.equal(rule.version, v2 ? 2 : 1, `${slug}: root`);
      const langRow = /^\| lang \|[^\n]*$/m.exec(section)?.[0] ?? null;
      const stated = langRow ? /default (\w+)/.exec(langRow)?.[1] ?? null : null;
      assert.equal(rule.lang, stated, `${slug}: lang default (${langRow ?? 'no lang row'})`);
    }
    assert.deepEqual([...seen].sort(), Object.keys(PRODUCT_RULES).sort());
    const explorer = /^\| Explorer \(free\) \| (\d+) standard calls; (\d+) forecast and stats calls \| (\d+) \|/m.exec(spec)!;
    assert.deepEqual(explorer.slice(1).map(Number), [EXPLORER_RULES.daily.standard, EXPLORER_RULES.daily.forecast_stats, EXPLORER_RULES.qps]);
    assert.equal(Number(/^\| Pay As You Grow \| custom \| (\d+) \|/m.exec(spec)![1]), PAYG_QPS);
  });

  it("holds CONTRACT.md's error codes with their statuses, and its quota classes", () => {
    const contract = readFileSync(CONTRACT, 'utf8');
    const errors = new Map<string, number[]>();
    for (const [, code, status] of contract.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)) errors.set(code!, [...(errors.get(code!) ?? []), Number(status)]);
    assert.deepEqual(Object.fromEntries([...errors].sort()), Object.fromEntries(Object.entries(ERROR_RULES).map(([c, s]) => [c, [...s]]).sort()));
    const classes = /^\| `forecast_stats` \| ([^|]+) \|[^\n]*\n\| `cheap` \| ([^|]+) \|/m.exec(contract)!;
    const listed = (cell: string) => [...cell.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!).sort();
    const inClass = (c: string) => Object.entries(PRODUCT_RULES).filter(([, r]) => r.quotaClass === c).map(([slug]) => slug).sort();
    assert.deepEqual(listed(classes[1]!), inClass('forecast_stats'));
    assert.deepEqual(listed(classes[2]!), inClass('cheap'));
    assert.ok(Object.values(PRODUCT_RULES).every((r) => r.access === 'public' ? r.quotaClass === null : r.quotaClass !== null), 'every other keyed product: standard');
    assert.match(contract, /`uk` for\s+`stats`, `day-stats`, `alternatives` and `travel-matrix`, `en` elsewhere/);
  });
});
