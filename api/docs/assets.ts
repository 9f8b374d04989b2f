/**
 * The files of the reference page: Swagger UI's bundle and style from the swagger-ui-dist package, and
 * the page's own script and style. Read and compressed once, on first use, and kept.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { DOCS_SCRIPT, DOCS_STYLE } from './client-script.js';

export interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

const swaggerDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

function swaggerFile(name: string): Buffer {
  // The package's files end by naming their source maps, which are not served.
  return Buffer.from(readFileSync(join(swaggerDir(), name), 'utf8').replace(/\n?\/[/*]# sourceMappingURL=\S+(\s*\*\/)?\s*$/, '\n'));
}

const SOURCES: Record<string, { type: string; read: () => Buffer }> = {
  'swagger-ui-bundle.js': { type: JS, read: () => swaggerFile('swagger-ui-bundle.js') },
  'swagger-ui.css': { type: CSS, read: () => swaggerFile('swagger-ui.css') },
  'favicon-32x32.png': { type: 'image/png', read: () => readFileSync(join(swaggerDir(), 'favicon-32x32.png')) },
  'docs.js': { type: JS, read: () => Buffer.from(DOCS_SCRIPT) },
  'docs.css': { type: CSS, read: () => Buffer.from(DOCS_STYLE) },
};

const loaded = new Map<string, Asset>();

/** The asset of that name, or null when there is none. */
export function docsAsset(name: string): Asset | null {
  const source = Object.hasOwn(SOURCES, name) ? SOURCES[name]! : null;
  if (!source) return null;
  let asset = loaded.get(name);
  if (!asset) {
    asset = assetOf(source.type, source.read());
    loaded.set(name, asset);
  }
  return asset;
}

/** A document served as the assets are: compressed once, tagged by its content. */
export function assetOf(type: string, body: Buffer | string): Asset {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return { type, body: bytes, gzip: gzipSync(bytes), etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
}

export const DOCS_ASSET_NAMES = Object.keys(SOURCES);
