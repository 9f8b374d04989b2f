import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

/**
 * What each layer may import (docs/architecture.md): api -> services -> {engine, data} -> models. `api/`
 * may reach below `services/` for the composition root's parts (opening the store, the access repositories),
 * never the other way: no layer imports one above it.
 */
const ALLOWED: Record<string, string[]> = {
  models: ['models'],
  engine: ['engine', 'models'],
  data: ['data', 'models'],
  services: ['services', 'engine', 'data', 'models'],
  api: ['api', 'services', 'engine', 'data', 'models'],
};
const LAYERS = Object.keys(ALLOWED);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'scripts' || name === 'node_modules' ? [] : sources(path);
    return /\.(ts|mts|mjs|js)$/.test(name) ? [path] : [];
  });
}

/** Comments removed, so that a path named in prose is not read as an import. */
const code = (f: string) => readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|(?<![:'"`])\/\/.*$/gm, '');

/** Every relative module a file names: static `from`, side-effect `import '...'`, `import()`, `import('...').Type`. */
export function relativeImports(text: string): string[] {
  const specs: string[] = [];
  for (const [, , spec] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"`])(\.{1,2}\/[^'"`]+)\1/g)) specs.push(spec!);
  return specs;
}

/** The layer a relative import from `file` lands in. */
const layerOf = (file: string, spec: string) => join(file, '..', spec).split('/')[0]!;

describe('layering', () => {
  it('sees static, side-effect and dynamic imports, and type imports', () => {
    const text = "import a from '../x/a.js';\nimport '../y/b.mjs';\nconst c = await import('../z/c.js');\ntype D = import(\"../w/d.js\").D;";
    assert.deepEqual(relativeImports(text), ['../x/a.js', '../y/b.mjs', '../z/c.js', '../w/d.js']);
  });

  for (const [layer, allowed] of Object.entries(ALLOWED)) {
    it(`${layer}/ imports only ${allowed.join(', ')}`, () => {
      const files = sources(layer);
      assert.ok(files.length > 0);
      for (const file of files) {
        for (const spec of relativeImports(code(file))) {
          const target = layerOf(file, spec);
          if (!LAYERS.includes(target)) continue; // node_modules-free siblings such as a bundled JSON are data, not code
          assert.ok(allowed.includes(target), `${file} imports ${spec} (${target}/)`);
        }
      }
    });
  }

  it('no SQL outside data/: no prepared statement or exec on a connection above the store', () => {
    const offenders = ['models', 'engine', 'services', 'api'].flatMap(sources)
      .filter((f) => !f.includes('/dashboard/client/'))
      .filter((f) => /\.prepare\(|\bdb\.exec\(|\bdb\.pragma\(/.test(code(f)));
    assert.deepEqual(offenders, []);
  });

  it('only the server entry and the command line read the environment', () => {
    // A quoted 'process.env...' is text (the dashboard bundler's define for browser code), not a read.
    const readers = LAYERS.flatMap(sources).filter((f) => /(?<!['"`])process\.env/.test(code(f)));
    // engine/worker/source.mjs reads the test runner's bundle folder (BDDS_WORKER_BUNDLES) in a worker thread.
    const allowed = (f: string) => f.startsWith('api/commands/') || f === 'api/cli.ts' || f === 'api/server.ts' || f === 'engine/worker/source.mjs';
    assert.deepEqual(readers.filter((f) => !allowed(f)), []);
  });
});
