/**
 * The API reference at /docs: a page that starts Swagger UI (served from the swagger-ui-dist package under
 * /docs/assets/, never from another host) on /api/openapi.json. Without scripts the page still says where
 * the description and the changelog are.
 */
import { esc as escapeHtml } from './html.js';
import type { OpenApiDocument } from './openapi.js';

/** Where the page's files are served (api/docs/plugin.ts). */
export const DOCS_ASSETS = '/docs/assets';

export function renderDocsPage(doc: Pick<OpenApiDocument, 'info'>): string {
  const title = escapeHtml(doc.info.title);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}: API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/png" href="${DOCS_ASSETS}/favicon-32x32.png"><link rel="stylesheet" href="${DOCS_ASSETS}/swagger-ui.css"><link rel="stylesheet" href="${DOCS_ASSETS}/docs.css"></head>
<body><header class="bdds-top"><strong>${title}: API reference</strong>
<a href="/portal">Get a free key</a><a href="/docs/changelog">Changelog</a><a href="/api/openapi.json">OpenAPI 3.1 (JSON)</a></header>
<noscript><p style="padding:0 1.25rem">The interactive reference needs JavaScript. The description of every product, its parameters,
answers and errors is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<main id="swagger-ui"></main>
<script src="${DOCS_ASSETS}/swagger-ui-bundle.js"></script><script src="${DOCS_ASSETS}/docs.js"></script></body></html>`;
}
