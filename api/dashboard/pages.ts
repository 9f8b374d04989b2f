/**
 * The dashboard's HTML: the log-in form, the page shell the script fills, and the page shown when no
 * internal token is configured. No inline script (the Content-Security-Policy allows only this server's).
 */
import { esc } from '../html.js';

const STYLE = `body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f5f6f8;color:#1d2330}
main.login{max-width:28rem;margin:10vh auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
label{display:block;font-weight:600;margin:.8rem 0 .3rem}input{width:100%;box-sizing:border-box;font:inherit;padding:.5rem;border:1px solid #889;border-radius:4px}
button{font:inherit;margin-top:1rem;padding:.5rem 1.2rem;border:0;border-radius:4px;background:#1f4e8c;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #f2b600;outline-offset:2px}
[role=alert]{color:#9b1c1c;font-weight:600}small{color:#555}`;

function page(title: string, serviceName: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}: ${esc(serviceName)}</title><link rel="icon" href="data:,">${head}</head>
<body>${body}</body></html>`;
}

export function loginPage(serviceName: string, message = ''): string {
  return page('Operator dashboard: log in', serviceName, `<style>${STYLE}</style><main class="login" id="main">
<h1>Operator dashboard</h1>
<p>${esc(serviceName)}. Enter the operator's internal token (<code>BDDS_INTERNAL_TOKEN</code>): the server keeps you
logged in for a day with a cookie that scripts cannot read; the token itself is not stored in the browser.</p>
${message ? `<p role="alert">${esc(message)}</p>` : ''}
<form method="post" action="/dashboard/login">
<label for="token">Internal token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required minlength="16" maxlength="512" autofocus>
<button type="submit">Log in</button></form></main>`);
}

export function disabledPage(serviceName: string): string {
  return page('Operator dashboard', serviceName, `<style>${STYLE}</style><main class="login" id="main"><h1>Operator dashboard</h1>
<p role="alert">The dashboard is off: it needs the operator's internal token. Start the service with
<code>BDDS_INTERNAL_TOKEN</code> set (at least 16 characters), then log in here with it.</p></main>`);
}

/** The page the script fills: three views, a status line, the log-out button. */
export function shellPage(serviceName: string, etag: string): string {
  const v = encodeURIComponent(etag.replace(/"/g, ''));
  return page('Operator dashboard', serviceName, `
<header class="top"><p class="brand">${esc(serviceName)}: <strong>operator dashboard</strong></p>
<nav aria-label="Views"><a href="#checkpoint" id="nav-checkpoint">Checkpoint</a><a href="#map" id="nav-map">Map and matrix</a><a href="#ops" id="nav-ops">Operations</a></nav>
<p class="status"><span id="updated" role="status" aria-live="polite">Loading...</span></p>
<form method="post" action="/dashboard/logout"><button type="submit" class="link">Log out</button></form></header>
<main id="main">
<p id="error" role="alert" hidden></p>
<section id="view-checkpoint" class="view" aria-labelledby="h-checkpoint" hidden></section>
<section id="view-map" class="view" aria-labelledby="h-map" hidden></section>
<section id="view-ops" class="view" aria-labelledby="h-ops" hidden></section>
</main>
<footer><p id="attribution"></p><p>Every figure on this page comes through the service's tRPC interface (<code>@trpc/client</code>, typed by
<code>AppRouter</code>) as the internal caller. Map outline: <a href="https://www.naturalearthdata.com/">Natural Earth</a> (public domain).</p></footer>`,
  `<link rel="stylesheet" href="/dashboard/assets/dashboard.css?v=${v}"><script src="/dashboard/assets/dashboard.js?v=${v}" defer></script>`);
}
