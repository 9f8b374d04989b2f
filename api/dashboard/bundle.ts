/**
 * The dashboard's browser bundle: `client/main.ts` with the typed tRPC client, Observable Plot, Leaflet,
 * the country outline (data/bundled/geo/outline.geojson) and the styles, bundled by esbuild into one
 * script and one stylesheet, served from this server (no CDN).
 *
 * `npm run build` writes them to dist/api/dashboard/assets/ (`node dist/api/dashboard/build.js`, after tsc,
 * which type-checks the client first: api/dashboard/client/tsconfig.json). The built service serves those
 * files; run from the sources (tests, `npm run dev`), or when they are missing, the server bundles in
 * memory on the first request (about a second, once per process).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export interface DashboardAssets {
  js: string;
  css: string;
  /** The same, gzipped once (the script is about 550 KB, 170 KB gzipped). */
  gzip: { js: Buffer; css: Buffer };
  /** A hash of both, for ETags. */
  etag: string;
}

const fromSource = import.meta.url.endsWith('.ts');
/** The client's entry in the sources (from dist/api/dashboard/ the sources are three levels up). */
export const CLIENT_ENTRY = fileURLToPath(new URL(fromSource ? './client/main.ts' : '../../../api/dashboard/client/main.ts', import.meta.url));
/** Where `npm run build` puts the bundle: beside the compiled plugin. */
export const BUILT_ASSETS_DIR = fileURLToPath(new URL('./assets/', import.meta.url));

const etagOf = (js: string, css: string) => `"${createHash('sha256').update(js).update('\0').update(css).digest('base64url').slice(0, 27)}"`;
const assetsOf = (js: string, css: string): DashboardAssets => ({ js, css, gzip: { js: gzipSync(js), css: gzipSync(css) }, etag: etagOf(js, css) });

/** Bundles the client in memory (minified; licence comments kept at the end of each file). */
export async function bundleDashboard(): Promise<DashboardAssets> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: { dashboard: CLIENT_ENTRY },
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'iife',
    platform: 'browser',
    target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
    minify: true,
    legalComments: 'eof',
    charset: 'utf8',
    loader: { '.geojson': 'json', '.png': 'dataurl', '.svg': 'dataurl' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))?.text;
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  if (js === undefined) throw new Error('esbuild produced no script for the dashboard');
  return assetsOf(js, css);
}

/** Writes the bundle for the built service (`npm run build`). */
export async function writeDashboardBundle(dir = BUILT_ASSETS_DIR): Promise<{ dir: string; bytes: number }> {
  const assets = await bundleDashboard();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'dashboard.js'), assets.js);
  writeFileSync(join(dir, 'dashboard.css'), assets.css);
  return { dir, bytes: Buffer.byteLength(assets.js) + Buffer.byteLength(assets.css) };
}

/** The bundle `npm run build` wrote, or null when there is none. */
export function readBuiltDashboard(dir = BUILT_ASSETS_DIR): DashboardAssets | null {
  try {
    const js = readFileSync(join(dir, 'dashboard.js'), 'utf8');
    const css = readFileSync(join(dir, 'dashboard.css'), 'utf8');
    return assetsOf(js, css);
  } catch {
    return null;
  }
}

let loaded: Promise<DashboardAssets> | null = null;

/**
 * The bundle to serve, once per process: the built files when running built, else bundled now. A failed
 * bundling is not remembered, so the next request tries again.
 */
export function dashboardAssets(): Promise<DashboardAssets> {
  loaded ??= (async () => (!fromSource && readBuiltDashboard()) || bundleDashboard())();
  loaded.catch(() => (loaded = null));
  return loaded;
}
