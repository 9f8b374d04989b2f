import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

/** What each layer may import (docs/architecture.md): models <- engine <- api -> data -> models. */
const ALLOWED: Record<string, string[]> = {
  models: ['models'],
  engine: ['engine', 'models'],
  data: ['data', 'models'],
  api: ['api', 'engine', 'data', 'models'],
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'scripts' ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('layering', () => {
  for (const [layer, allowed] of Object.entries(ALLOWED)) {
    it(`${layer}/ imports only ${allowed.join(', ')}`, () => {
      for (const file of sources(layer)) {
        const text = readFileSync(file, 'utf8');
        for (const [, spec] of text.matchAll(/from '(\.[^']+)'/g)) {
          const target = join(file, '..', spec!).split('/')[0]!;
          assert.ok(allowed.includes(target), `${file} imports ${spec} (${target}/)`);
        }
      }
    });
  }
  it('only the server entry and the command line read the environment', () => {
    const code = (f: string) => readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    // A quoted 'process.env...' is text (the dashboard bundler's define for browser code), not a read.
    const readers = ['api', 'engine', 'data', 'models'].flatMap(sources).filter((f) => /(?<!['"`])process\.env/.test(code(f)));
    assert.deepEqual(readers.filter((f) => !f.startsWith('api/commands/') && f !== 'api/cli.ts' && f !== 'api/server.ts'), []);
  });
});
