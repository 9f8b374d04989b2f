/**
 * The API description and reference: `/api/openapi.json` (built on its first request, then kept), `/docs`
 * (Swagger UI over it), its files under `/docs/assets/`, and the changelog: `/docs/changelog` (a page) and
 * `/docs/changelog.md` (docs/changelog.md as it is).
 * The pages have their own encapsulated context with a Content-Security-Policy that allows this origin
 * alone (and the public address, where "Try it" sends its requests, when that is another origin); the
 * JSON document stays outside it, readable from any origin like every answer of the API.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderDocsPage } from '../docs-page.js';
import { buildOpenApi } from '../openapi.js';
import type { AnyOperation } from '../../services/operation.js';
import { noneMatch } from '../pipeline/etag.js';
import { assetOf, docsAsset, type Asset } from './assets.js';
import { renderChangelogPage } from './changelog-page.js';

export interface DocsOptions {
  ops: readonly AnyOperation[];
  serviceName: string;
  /** The address users reach the service at (BDDS_PUBLIC_URL): `servers` and the code samples. Absent: relative. */
  publicUrl?: (() => string) | undefined;
}

/** docs/changelog.md, from the sources or from the build (dist/api/docs -> docs). */
function changelog(): string {
  for (const rel of ['../../docs/changelog.md', '../../../docs/changelog.md']) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  return 'No changelog in this build.\n';
}

const originOf = (url: string | null) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

export const docsPlugin = fp(async (app: FastifyInstance, { ops, serviceName, publicUrl }: DocsOptions) => {
  // Built on the first request for either, then kept (a start that nobody asking for it pays nothing).
  // Each compressed once and tagged by its content, as the assets are (the document: 323 KB, 35 KB gzipped, measured 2026-11-26).
  let described: { json: Asset; html: Asset; changelog: Asset; changelogMarkdown: Asset } | null = null;
  const description = () => {
    if (!described) {
      const openApi = buildOpenApi(ops, serviceName, { publicUrl: publicUrl?.() || null });
      described = {
        json: assetOf('application/json; charset=utf-8', JSON.stringify(openApi)),
        html: assetOf('text/html; charset=utf-8', renderDocsPage(openApi)),
        changelog: assetOf('text/html; charset=utf-8', renderChangelogPage(serviceName, changelog())),
        changelogMarkdown: assetOf('text/markdown; charset=utf-8', changelog()),
      };
    }
    return described;
  };
  // The document changes with a deployment: a client revalidates it each time (a 304 costs a few bytes).
  app.get('/api/openapi.json', (request, reply) => sendAsset(request, reply, description().json, 'public, no-cache'));

  await app.register(async (pages) => {
    const tryItOrigin = originOf(publicUrl?.() || null);
    await pages.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"], 'script-src': ["'self'"], 'style-src': ["'self'", "'unsafe-inline'"], 'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'", ...(tryItOrigin ? [tryItOrigin] : [])], 'font-src': ["'self'"], 'object-src': ["'none'"],
          'base-uri': ["'none'"], 'form-action': ["'self'"], 'frame-ancestors': ["'none'"],
        },
      },
      hsts: tryItOrigin?.startsWith('https:') ?? false,
    });
    pages.get('/docs', (request, reply) => sendAsset(request, reply, description().html, 'public, no-cache'));
    pages.get('/docs/changelog', (request, reply) => sendAsset(request, reply, description().changelog, 'public, no-cache'));
    pages.get('/docs/changelog.md', (request, reply) => sendAsset(request, reply, description().changelogMarkdown, 'public, no-cache'));
    pages.get<{ Params: { name: string } }>('/docs/assets/:name', (request, reply) => {
      const asset = docsAsset(request.params.name);
      if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('No such file.');
      return sendAsset(request, reply, asset, 'public, max-age=86400');
    });
  });
}, { name: 'docs' });

/** A document with its tag and caching, 304 on a matching If-None-Match, gzipped where the client takes it. */
function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset, cacheControl: string) {
  reply.header('etag', asset.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (noneMatch(request.headers['if-none-match'], asset.etag)) return reply.code(304).send();
  reply.type(asset.type);
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.body);
}
