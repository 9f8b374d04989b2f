/** A browser over app.inject and a portal app with an SMTP catcher, shared by the portal's tests. */
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createMailer } from '../../../api/portal/mailer.js';
import { buildTestApp, captureLogger } from '../../helpers/deps.js';
import { linkIn, startSmtp } from '../../helpers/smtp.js';

export const PUBLIC = 'https://bdds.example.org';

/** A browser's cookie jar over app.inject, from one client address. */
export function browser(app: FastifyInstance, address = '203.0.113.5') {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  let lastCsrf = '';
  return {
    jar,
    async get(url: string) {
      const res = await app.inject({ url, headers: { cookie: cookieHeader() }, remoteAddress: address });
      remember(res.headers['set-cookie']);
      lastCsrf = csrfOf(res.body) || lastCsrf;
      return res;
    },
    async post(url: string, form: Record<string, string>, { csrf = true } = {}) {
      const body = new URLSearchParams({ ...(csrf ? { _csrf: lastCsrf } : {}), ...form }).toString();
      const res = await app.inject({ method: 'POST', url, payload: body, remoteAddress: address,
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' } });
      remember(res.headers['set-cookie']);
      lastCsrf = csrfOf(res.body) || lastCsrf;
      return res;
    },
  };
}

export async function portalApp(t: TestContext, partnerUrl: string | null = null) {
  const smtp = await startSmtp(t);
  const { log } = captureLogger();
  const built = await buildTestApp(t, {
    portal: { mailer: createMailer({ smtpUrl: smtp.url, mailFrom: 'Test <no-reply@example.org>', outbox: '' }, log, () => new Date()), publicUrl: () => PUBLIC, secureCookies: true,
      partnerUrl },
  });
  return { ...built, smtp };
}

/** Signs up `email` from a fresh browser and follows the mailed link: the browser, logged in, and the page with the first key. */
export async function signUp(app: FastifyInstance, smtp: Awaited<ReturnType<typeof startSmtp>>, email: string) {
  const b = browser(app);
  await b.get('/portal');
  const before = smtp.messages.length;
  const sent = await b.post('/portal/signup', { email });
  assert.equal(sent.statusCode, 200, sent.body);
  // Mail goes to the address as typed (the mailer writes the domain in lower case); the account is the folded one.
  const typed = email.trim();
  const at = typed.lastIndexOf('@');
  const link = linkIn(await smtp.next(`${typed.slice(0, at)}@${typed.slice(at + 1).toLowerCase()}`, before));
  assert.equal(link.origin, PUBLIC, 'links use the configured public URL');
  const page = await b.get(`${link.pathname}${link.search}`);
  assert.equal(page.statusCode, 200);
  const confirmed = await b.post(link.pathname, { token: link.searchParams.get('token')! });
  return { b, confirmed, link };
}

export const keyOn = (html: string) => /<code id="new-key">(bdds_[a-z2-7]+)<\/code>/.exec(html)?.[1] ?? null;

