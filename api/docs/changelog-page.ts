/**
 * The changelog page at /docs/changelog: docs/changelog.md rendered by markdown-it (CommonMark; raw HTML in
 * the file is shown as text, never passed through), under the reference's header bar. The Markdown itself
 * is served at /docs/changelog.md.
 */
import MarkdownIt from 'markdown-it';
import { esc as escapeHtml } from '../html.js';
import { DOCS_ASSETS } from '../docs-page.js';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** Readable text under the header bar (docs.css styles the bar; Swagger UI's sheet is not needed here). */
const STYLE = `main{max-width:52rem;margin:0 auto;padding:0 1.25rem 3rem;font:16px/1.55 system-ui,sans-serif;color:#1b1b1b}
main h1{font-size:1.7rem}main h2{font-size:1.3rem;margin-top:2rem;border-bottom:1px solid #ddd}main li{margin:.35rem 0}
main code{background:#f3f3f3;padding:0 .2em;border-radius:3px;font-size:.92em}`;

export function renderChangelogPage(serviceName: string, changelogMarkdown: string): string {
  const title = escapeHtml(serviceName);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}: changelog</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/png" href="${DOCS_ASSETS}/favicon-32x32.png"><link rel="stylesheet" href="${DOCS_ASSETS}/docs.css"><style>${STYLE}</style></head>
<body><header class="bdds-top"><strong>${title}: changelog</strong>
<a href="/docs">API reference</a><a href="/portal">Get a free key</a><a href="/docs/changelog.md">As Markdown</a></header>
<main>
${markdown.render(changelogMarkdown)}</main></body></html>`;
}
