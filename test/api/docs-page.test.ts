/**
 * /docs over HTTP: the page starts Swagger UI from this origin's files under a policy that allows this
 * origin alone; the files come from the package with an ETag, compressed when asked; the changelog is
 * linked and served; /api/openapi.json takes the public address as its server and stays readable from
 * any origin. (The browser test, docs/browser.system.test.ts, runs the page.)
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { createMailer } from '../../api/portal/mailer.js';
import { buildTestApp, captureLogger } from '../helpers/deps.js';

describe('the /docs page', () => {
  it('loads Swagger UI from this origin only, under a tight Content-Security-Policy', async (t) => {
    const { app } = await buildTestApp(t);
    const res = await app.inject('/docs');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    const scripts = [...res.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(scripts, ['/docs/assets/swagger-ui-bundle.js', '/docs/assets/docs.js']);
    assert.ok(!/<script>(?!<)/.test(res.body), 'no inline script');
    assert.match(res.body, /href="\/docs\/changelog"/);
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self';/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.ok(!/https?:\/\//.test(csp), 'no other host');
  });

  it('serves the files from the package, with an ETag, gzip when asked, and 404 for anything else', async (t) => {
    const { app } = await buildTestApp(t);
    const bundle = await app.inject({ url: '/docs/assets/swagger-ui-bundle.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(bundle.statusCode, 200);
    assert.equal(bundle.headers['content-encoding'], 'gzip');
    assert.match(String(bundle.headers['content-type']), /javascript/);
    const packaged = readFileSync('node_modules/swagger-ui-dist/swagger-ui-bundle.js', 'utf8');
    assert.equal(gunzipSync(bundle.rawPayload).toString('utf8').slice(0, 2_000), packaged.slice(0, 2_000));
    const again = await app.inject({ url: '/docs/assets/swagger-ui-bundle.js', headers: { 'if-none-match': String(bundle.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.match((await app.inject('/docs/assets/docs.js')).body, /SwaggerUIBundle\(\{/);
    assert.equal((await app.inject('/docs/assets/..%2Fpackage.json')).statusCode, 404);
    assert.equal((await app.inject('/docs/assets/index.html')).statusCode, 404);
  });

  it('serves the changelog it links to as a page, and as the Markdown it is written in', async (t) => {
    const { app } = await buildTestApp(t);
    const page = await app.inject('/docs/changelog');
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    const written = readFileSync('docs/changelog.md', 'utf8');
    // Every section of the file is a heading of the page, and its first entry's bold lead is rendered as such.
    const sections = [...written.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    assert.deepEqual([...page.body.matchAll(/<h2>(.+?)<\/h2>/g)].map((m) => m[1]), sections);
    // The lead as the page writes it: its text escaped as HTML (a quote is &quot;), its code spans as code.
    const escaped = /^- \*\*(.+?)\*\*/m.exec(written)![1]!.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
    const lead = escaped.replace(/`([^`]+)`/g, '<code>$1</code>');
    assert.match(page.body, new RegExp(`<li>\\s*(<p>)?<strong>${lead.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</strong>`), lead);
    assert.ok(!page.body.includes('**'), 'no Markdown left as text');
    assert.match(page.body, /<a href="\/docs">API reference<\/a>.*<a href="\/docs\/changelog\.md">/);
    assert.match(String(page.headers['content-security-policy']), /default-src 'self'/, 'the pages\' policy');
    const md = await app.inject('/docs/changelog.md');
    assert.equal(md.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.equal(md.body, written);
  });

  it('gives the public address as the server, and the JSON document no page policy', async (t) => {
    const { log } = captureLogger();
    const mailer = createMailer({ smtpUrl: null, mailFrom: 'x <x@example.org>', outbox: '/nonexistent' }, log, () => new Date());
    const { app } = await buildTestApp(t, { portal: { mailer, publicUrl: () => 'https://bdds.example.org', secureCookies: true } });
    const res = await app.inject('/api/openapi.json');
    assert.deepEqual(res.json().servers, [{ url: 'https://bdds.example.org', description: 'This service' }]);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['content-security-policy'], undefined);
    assert.match(String((await app.inject('/docs')).headers['content-security-policy']), /connect-src 'self' https:\/\/bdds\.example\.org/);
  });

  it('serves the OpenAPI document, the page and the changelog gzipped where asked, tagged, and 304 when unchanged', async (t) => {
    const { app } = await buildTestApp(t);
    for (const url of ['/api/openapi.json', '/docs', '/docs/changelog', '/docs/changelog.md']) {
      const plain = await app.inject(url);
      const zipped = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      assert.equal(zipped.headers['content-encoding'], 'gzip', url);
      assert.equal(gunzipSync(zipped.rawPayload).toString('utf8'), plain.body, `${url}: the same document`);
      assert.ok(zipped.rawPayload.length < plain.rawPayload.length / (url === '/api/openapi.json' ? 5 : 1.5), `${url}: ${zipped.rawPayload.length} of ${plain.rawPayload.length} bytes`);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.match(String(plain.headers.etag), /^"[\w-]{27}"$/);
      assert.equal(plain.headers['cache-control'], 'public, no-cache', `${url}: revalidated, as a deployment changes it`);
      assert.equal(plain.headers.vary, 'accept-encoding');
      const again = await app.inject({ url, headers: { 'if-none-match': `W/${plain.headers.etag}, "other"` } });
      assert.deepEqual([again.statusCode, again.body], [304, ''], url);
    }
  });
});
