/**
 * The portal's pages: plain server-rendered HTML (no script), labelled forms, one stylesheet. Every
 * value written into a page goes through `esc`.
 */
import type { AccountRecord } from '../../data/accounts-repo.js';
import { isLiveKey, type KeyRecord } from '../../data/keys-repo.js';
import { SANDBOX_CALLS_PER_DAY } from '../access/access-control.js';
import { esc } from '../html.js';
import type { RestParameter } from '../openapi.js';

export interface PageContext {
  serviceName: string;
  /** The service's public base URL (links in snippets and examples). */
  publicUrl: string;
  account: AccountRecord | null;
  csrf: string;
  /** The partner dashboard (BDDS_PARTNER_URL); null: not linked. */
  partnerUrl?: string | null;
}

/**
 * The partner dashboard's address for this developer: the account's verified e-mail as the `login_hint`, so
 * the partner account with the same address is the one offered (the link is a pointer: it grants nothing).
 */
export function partnerLink(partnerUrl: string, account: AccountRecord): string {
  const url = new URL(partnerUrl);
  url.searchParams.set('login_hint', account.email);
  return url.toString();
}

/**
 * Interface, general rule 5: news submission and bus-fleet management live in a separate partner dashboard, reached
 * by linking this developer account to the partner account with the same e-mail. Shown only when one is configured
 * and the address is verified.
 */
function partnerSection(ctx: PageContext): string {
  const account = ctx.account;
  if (!ctx.partnerUrl || !account?.verified_at) return '';
  return `<section aria-labelledby="partner-h"><h2 id="partner-h">Partner dashboard</h2>
<p>News submission and bus-fleet management are in the partner dashboard. It links this account to the partner account
that uses the same e-mail address, <strong>${esc(account.email)}</strong>. Your keys, the endpoints and your apps are
unchanged by it.</p><p><a id="partner-link" href="${esc(partnerLink(ctx.partnerUrl, account))}">Open the partner dashboard as ${esc(account.email)}</a></p></section>`;
}

export const csrfField = (csrf: string) => `<input type="hidden" name="_csrf" value="${esc(csrf)}">`;

export function layout(ctx: PageContext, title: string, main: string): string {
  const nav = ctx.account
    ? `<nav aria-label="Portal"><a href="/portal/keys">Keys</a> <a href="/portal/usage">Usage</a> <a href="/portal/sandbox">Sandbox</a> <a href="/portal/alerts">Alerts</a> <a href="/portal/notices">Notices</a> <a href="/docs">API reference</a>
       <form method="post" action="/portal/logout" class="inline">${csrfField(ctx.csrf)}<button type="submit">Log out</button></form>
       <span class="who">${esc(ctx.account.email)} (${ctx.account.plan === 'payg' ? 'Pay As You Grow' : 'Explorer, free'})</span></nav>`
    : `<nav aria-label="Portal"><a href="/portal">Sign up or log in</a> <a href="/docs">API reference</a></nav>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}: ${esc(ctx.serviceName)} developer portal</title><link rel="stylesheet" href="/portal/style.css"><link rel="icon" href="data:,"></head>
<body><header><p class="brand"><a href="/portal">${esc(ctx.serviceName)}</a>: developer portal</p>${nav}</header>
<main id="main"><h1>${esc(title)}</h1>
${main}
</main></body></html>`;
}

export const notice = (text: string, kind: 'ok' | 'error' = 'ok') =>
  `<p role="${kind === 'error' ? 'alert' : 'status'}" class="${kind}">${esc(text)}</p>`;

export function home(ctx: PageContext, message = ''): string {
  return layout(ctx, 'Get an API key', `${message}
<p>Live queues, forecasts and driver data at the border, as a JSON API. The free Explorer plan gives a key at
once after you confirm your e-mail address: 200 standard, 50 forecast and statistics and 1,000 cheap calls a day.</p>
<section aria-labelledby="signup-h"><h2 id="signup-h">Sign up</h2>
<form method="post" action="/portal/signup">${csrfField(ctx.csrf)}
<label for="signup-email">E-mail address</label>
<input id="signup-email" name="email" type="email" autocomplete="email" required maxlength="254">
<button type="submit">Send me the link</button></form></section>
<section aria-labelledby="login-h"><h2 id="login-h">Log in</h2>
<p>No password: we send a link that logs you in.</p>
<form method="post" action="/portal/login-link">${csrfField(ctx.csrf)}
<label for="login-email">E-mail address</label>
<input id="login-email" name="email" type="email" autocomplete="email" required maxlength="254">
<button type="submit">Send me a log-in link</button></form></section>`);
}

export const linkSent = (ctx: PageContext) =>
  layout(ctx, 'Check your mail', `<p role="status">If the address can receive mail, a link is on its way to it. The link works once;
a sign-up link for 24 hours, a log-in link for 15 minutes.</p><p><a href="/portal">Back</a></p>`);

export const confirm = (ctx: PageContext, purpose: 'verify' | 'login', token: string) =>
  layout(ctx, purpose === 'verify' ? 'Confirm your address' : 'Log in', `<form method="post" action="/portal/${purpose}">${csrfField(ctx.csrf)}
<input type="hidden" name="token" value="${esc(token)}">
<button type="submit">${purpose === 'verify' ? 'Confirm and get my key' : 'Log me in'}</button></form>`);

export const invalidLink = (ctx: PageContext) =>
  layout(ctx, 'This link no longer works', `<p role="alert">The link was used already, has expired, or was copied incompletely.
<a href="/portal">Ask for a new one</a>.</p>`);

/** Interface, Authentication rule 5: a visible link reading "Data by" and the service's name, to its home address. */
function attribution(serviceName: string, publicUrl: string): string {
  const web = `<a href="${publicUrl}">Data by ${serviceName}</a>`;
  return `<h2>Attribution (free plan)</h2><p>Show the source where you show the data: a visible link next to it. On the web:</p>
<pre><code>${esc(web)}</code></pre><p>In an app: a tappable link reading <q>Data by ${esc(serviceName)}</q>, to ${esc(publicUrl)}, on the
screen that shows the data or on the info screen. Pay As You Grow may omit it.</p>`;
}

export interface KeysView {
  keys: KeyRecord[];
  now: string;
  newKey?: { key: string; note: string } | null;
  /** The path and query of an example call (a live queue). */
  exampleCall: string;
  message?: string;
}

function keyStatus(k: KeyRecord, now: string): string {
  if (k.status !== 'active') return k.status;
  if (!isLiveKey(k, now)) return 'expired';
  return k.expires_at ? `active until ${k.expires_at.slice(0, 16).replace('T', ' ')} UTC` : 'active';
}

export function keysPage(ctx: PageContext, view: KeysView): string {
  const account = ctx.account!;
  const rows = view.keys.map((k) => {
    const live = isLiveKey(k, view.now);
    const actions = live
      ? `<form method="post" action="/portal/keys/${k.id}/roll" class="inline">${csrfField(ctx.csrf)}<button type="submit" aria-label="Roll key ${esc(k.prefix)}">Roll</button></form>
         <form method="post" action="/portal/keys/${k.id}/revoke" class="inline">${csrfField(ctx.csrf)}<button type="submit" aria-label="Revoke key ${esc(k.prefix)}">Revoke</button></form>`
      : '';
    return `<tr><td><code>${esc(k.prefix)}…</code></td><td>${esc(k.plan)}</td><td>${esc(keyStatus(k, view.now))}</td>
<td>${esc(k.created_at.slice(0, 10))}</td><td>${esc(k.last_used_at?.slice(0, 16).replace('T', ' ') ?? 'never')}</td><td>${actions}</td></tr>`;
  }).join('\n');
  const fresh = view.newKey
    ? `<section class="newkey" aria-labelledby="newkey-h"><h2 id="newkey-h">Your new key</h2><p>${esc(view.newKey.note)} It is shown this once: copy it now.</p>
<p><code id="new-key">${esc(view.newKey.key)}</code></p>
<pre><code>curl -H "Authorization: Bearer ${esc(view.newKey.key)}" "${esc(ctx.publicUrl)}${esc(view.exampleCall)}"</code></pre></section>`
    : '';
  const payg = account.plan === 'payg'
    ? '<p>Your account is on Pay As You Grow.</p>'
    : account.payg_requested_at
      ? `<p role="status">Pay As You Grow requested on ${esc(account.payg_requested_at.slice(0, 10))}; an operator will approve it.</p>`
      : `<form method="post" action="/portal/payg">${csrfField(ctx.csrf)}<label for="payg-note">What will you build, and how many calls a day?</label>
<textarea id="payg-note" name="note" maxlength="1000" rows="3"></textarea><button type="submit">Request Pay As You Grow</button></form>`;
  return layout(ctx, 'Your API keys', `${view.message ?? ''}${fresh}
<table><caption>Keys of ${esc(account.email)}</caption>
<thead><tr><th scope="col">Key</th><th scope="col">Plan</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Actions</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">No keys yet.</td></tr>'}</tbody></table>
<form method="post" action="/portal/keys">${csrfField(ctx.csrf)}<button type="submit">Create a key</button></form>
<p>Rolling a key makes a new one; the old one keeps working for 24 hours, then expires. Revoking stops a key within 5 seconds.</p>
<h2>Plan</h2>${payg}
${account.plan === 'explorer' ? attribution(ctx.serviceName, ctx.publicUrl) : ''}
${partnerSection(ctx)}`);
}

export interface UsageRow {
  day: string;
  standard: number;
  forecast_stats: number;
  cheap: number;
  sandbox: number;
}

const SERIES = [['standard', '#1f6feb'], ['forecast_stats', '#b35900'], ['cheap', '#2d7d46'], ['sandbox', '#7a4cc2']] as const;

/** A stacked bar per day (inline SVG, no script), with the same figures as a table beside it. */
export function usagePage(ctx: PageContext, rows: UsageRow[]): string {
  const total = (r: UsageRow) => r.standard + r.forecast_stats + r.cheap + r.sandbox;
  const max = Math.max(1, ...rows.map(total));
  const w = 20;
  const h = 160;
  const bars = rows.map((r, i) => {
    let y = h;
    return SERIES.map(([k, colour]) => {
      const v = r[k];
      if (v === 0) return '';
      const bh = (v / max) * (h - 10);
      y -= bh;
      return `<rect x="${i * w + 2}" y="${y.toFixed(1)}" width="${w - 4}" height="${bh.toFixed(1)}" fill="${colour}"><title>${esc(r.day)} ${k}: ${v}</title></rect>`;
    }).join('');
  }).join('');
  const legend = SERIES.map(([k, colour]) => `<span class="legend"><span class="swatch" style="background:${colour}"></span>${k.replace('_', ' and ')}</span>`).join(' ');
  const table = rows.filter((r) => total(r) > 0).map((r) => `<tr><th scope="row">${esc(r.day)}</th><td>${r.standard}</td><td>${r.forecast_stats}</td><td>${r.cheap}</td><td>${r.sandbox}</td></tr>`).join('');
  return layout(ctx, 'Usage, last 30 days', `<figure><svg role="img" aria-labelledby="chart-t" viewBox="0 0 ${rows.length * w} ${h}" width="100%" height="${h}">
<title id="chart-t">Calls per UTC day and quota class, highest day ${max}</title>${bars}</svg><figcaption>${legend}</figcaption></figure>
<table><caption>Units per UTC day (days with use)</caption><thead><tr><th scope="col">Day</th><th scope="col">Standard</th><th scope="col">Forecast and statistics</th><th scope="col">Cheap</th><th scope="col">Sandbox calls</th></tr></thead>
<tbody>${table || '<tr><td colspan="5">No calls yet.</td></tr>'}</tbody></table>`);
}

export interface SandboxProduct {
  slug: string;
  summary: string;
}

export const sandboxIndex = (ctx: PageContext, products: SandboxProduct[], left: number) =>
  layout(ctx, 'Sandbox', `<p>Try any product live. The sandbox has ${left} of its ${SANDBOX_CALLS_PER_DAY} calls left today (UTC), separate from your keys' quotas.</p>
<ul>${products.map((p) => `<li><a href="/portal/sandbox/${esc(p.slug)}">${esc(p.slug)}</a>: ${esc(p.summary)}</li>`).join('')}</ul>`);

export interface SandboxResult {
  status: number;
  body: string;
  curl: string;
}

function field(p: RestParameter, value: string | undefined): string {
  const id = `f-${p.name}`;
  const schema = p.schema as { enum?: unknown[]; type?: unknown; default?: unknown; examples?: unknown[] };
  const hint = [p.required ? 'required' : 'optional', typeof schema.type === 'string' ? schema.type : null,
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : null].filter(Boolean).join(', ');
  const input = Array.isArray(schema.enum)
    ? `<select id="${id}" name="${esc(p.name)}">${p.required ? '' : '<option value=""></option>'}${schema.enum.map((v) => `<option${String(v) === value ? ' selected' : ''}>${esc(v)}</option>`).join('')}</select>`
    : `<input id="${id}" name="${esc(p.name)}" value="${esc(value ?? '')}"${p.required ? ' required' : ''} maxlength="2000">`;
  return `<p><label for="${id}">${esc(p.name)}</label> <small>(${esc(hint)})</small>${p.description ? `<br><small>${esc(p.description)}</small>` : ''}<br>${input}</p>`;
}

export function sandboxForm(ctx: PageContext, product: SandboxProduct, params: RestParameter[], values: Record<string, string>, result: SandboxResult | null): string {
  const answer = result
    ? `<section aria-labelledby="answer-h"><h2 id="answer-h">Answer: HTTP ${result.status}</h2><pre><code>${esc(result.body)}</code></pre>
<h3>The same call with your key</h3><pre><code>${esc(result.curl)}</code></pre></section>`
    : '';
  return layout(ctx, `Sandbox: ${product.slug}`, `<p>${esc(product.summary)}</p>
<form method="post" action="/portal/sandbox/${esc(product.slug)}">${csrfField(ctx.csrf)}
${params.map((p) => field(p, values[p.name])).join('\n')}
<button type="submit">Call ${esc(product.slug)}</button></form>${answer}`);
}

export const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:0 1rem;color:#1b1b1b}
header{border-bottom:1px solid #ccc;margin-bottom:1rem}nav a{margin-right:1rem}.inline{display:inline}.who{margin-left:1rem;color:#555}
label{font-weight:600}input,select,textarea{font:inherit;padding:.3rem;min-width:18rem;max-width:100%}button{font:inherit;padding:.3rem .8rem;margin:.3rem 0}
:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}
pre{background:#f4f4f4;padding:.5rem;overflow:auto;white-space:pre-wrap;word-break:break-all}.error{color:#a40000}.ok{color:#205d2d}
.newkey{border:2px solid #2d7d46;padding:.5rem 1rem}.legend{margin-right:1rem}.swatch{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem}`;
