/** The human API reference at /docs: a self-contained page rendered from the OpenAPI document. */
import { esc as escapeHtml } from './html.js';
import type { OpenApiDocument } from './openapi.js';

/** Description text as a reader sees it: escaped, with `code` spans set as code (not left as backticks). */
const renderText = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');

interface Param { name: string; in: string; required: boolean; description?: string; schema: unknown }
interface Get { operationId: string; summary: string; description?: string; security: unknown[];
  parameters: Param[]; responses: Record<string, { description: string }>; 'x-quota-class'?: string }

/** A short type label for a parameter's JSON Schema (`integer | string`, `a | b`, ...). */
function schemaHint(schema: unknown): string {
  const s = (schema ?? {}) as { type?: unknown; enum?: unknown[]; anyOf?: unknown[] };
  if (Array.isArray(s.enum)) return s.enum.map(String).join(' | ');
  if (Array.isArray(s.anyOf)) return [...new Set(s.anyOf.map(schemaHint))].join(' | ');
  if (Array.isArray(s.type)) return s.type.map(String).join(' | ');
  return typeof s.type === 'string' ? s.type : 'string';
}

function renderOperation(path: string, get: Get): string {
  const params = get.parameters.length === 0
    ? '<p>No parameters.</p>'
    : `<table><tr><th>name</th><th>in</th><th>required</th><th>type</th><th>meaning</th></tr>${get.parameters
        .map((p) => `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td>` +
          `<td>${escapeHtml(schemaHint(p.schema))}</td><td>${renderText(p.description ?? '')}</td></tr>`).join('')}</table>`;
  const responses = Object.entries(get.responses)
    .map(([status, r]) => `<li><code>${status}</code> ${escapeHtml(r.description)}</li>`).join('');
  const access = get.security.length === 0 ? 'public, no key, never counted' : `key required; quota class <code>${escapeHtml(get['x-quota-class'] ?? 'standard')}</code>`;
  return `<section id="${escapeHtml(get.operationId)}"><h2><code>GET ${escapeHtml(path)}</code></h2>
<p><strong>${renderText(get.summary)}</strong> (${access})</p>${get.description ? `<p>${renderText(get.description)}</p>` : ''}
${params}<ul>${responses}</ul></section>`;
}

export function renderDocsPage(doc: OpenApiDocument): string {
  const entries = Object.entries(doc.paths as Record<string, { get: Get }>);
  const toc = entries.map(([path, { get }]) => `<li><a href="#${escapeHtml(get.operationId)}">${escapeHtml(path)}</a></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}: API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}
code{background:#f4f4f4;padding:0 .2rem}section{border-top:1px solid #ddd;margin-top:1.5rem}</style></head>
<body><h1>${escapeHtml(doc.info.title)}: API reference</h1><p>${escapeHtml(doc.info.description)}</p>
<p>Every response is a JSON envelope (<code>ok</code>, <code>api_version</code>, <code>product</code>, <code>attribution</code>,
<code>data</code> or <code>error</code>). Keyed products need <code>Authorization: Bearer &lt;API key&gt;</code>.
The machine-readable description is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<ul>${toc}</ul>${entries.map(([path, { get }]) => renderOperation(path, get)).join('\n')}</body></html>`;
}
