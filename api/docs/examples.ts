/**
 * The example answers the API reference shows: real answers of the service over its bundled data, at a
 * fixed instant, written to `examples.json` by `build-examples.ts` (a test checks that the file is what
 * the generator gives today and that each answer parses with its product's schema). Read once, here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One call as the reference shows it: what was asked, the status, the headers that matter, the body. */
export interface ExampleCall {
  request: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface DocsExamples {
  /** The instant the answers were computed at (the clock was pinned). */
  generated_at: string;
  /** The parameters each product was called with, by operation name (the reference fills them in). */
  inputs: Record<string, Record<string, string>>;
  /** One successful answer per product, by operation name. */
  answers: Record<string, ExampleCall>;
  /** One error per code and status (`invalid_api_key_403`), from real calls where one can be made. */
  errors: Record<string, ExampleCall>;
}

/** The instant the examples are computed at: the one the tests' store templates are built at. */
export const EXAMPLES_NOW = '2026-11-22T10:00:00.000Z';
/** The service name the examples' attributions carry. */
export const EXAMPLES_SERVICE_NAME = 'Border and Driver Data Service';
/** The request id of every example (a real one is random). */
export const EXAMPLE_REQUEST_ID = '7f0c2a9e-5b1d-4c3e-9a8f-0e6d4b2c1a00';
/** Lists in the examples are cut to this many items (each cut answer still parses with its schema). */
export const EXAMPLE_LIST_ITEMS = 3;

/** `examples.json` beside this file, from the sources or from the build (dist/api/docs -> api/docs). */
export function examplesPath(): string {
  for (const rel of ['./examples.json', '../../../api/docs/examples.json']) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  return fileURLToPath(new URL('./examples.json', import.meta.url));
}

let loaded: DocsExamples | null = null;

/** The examples file, read once; empty lists when it is missing (a reference without examples, not a failure). */
export function docsExamples(): DocsExamples {
  if (!loaded) {
    const path = examplesPath();
    loaded = existsSync(path)
      ? JSON.parse(readFileSync(path, 'utf8')) as DocsExamples
      : { generated_at: EXAMPLES_NOW, inputs: {}, answers: {}, errors: {} };
  }
  return loaded;
}
