/**
 * What every answer must satisfy, whatever was asked: never a 5xx; a status the document lists for the
 * operation; a JSON body matching that status's documented schema (the success envelope for 2xx, the
 * error envelope for 4xx); nothing internal in it (stacks, file paths, SQL, engine error names); and,
 * where the request makes it certain, the status the contract gives (a repeated or malformed parameter
 * is a 400, a bad credential a 401/403/429).
 */
import type { DocOperation, OpenApiDoc } from './document.js';
import { urlOf } from './document.js';
import { schemaErrors } from './json-schema.js';
import type { FuzzCase } from './requests.js';

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Text that only an internal failure puts in a body. */
const INTERNAL: readonly RegExp[] = [
  /\n\s*at\s/, // a stack frame
  /\bat (?:async )?(?:\/|file:|node:|[A-Za-z]:\\)/,
  /node_modules/, /(?:^|[\s"'(])\/(?:work|home|tmp|usr|var|root|opt)\//, /[A-Za-z]:\\[\w\\]/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /SQLITE/i, /\bsqlite3?\b/i, /\bSELECT\b[\s\S]*\bFROM\b/i, /\bINSERT\s+INTO\b/i, /\bUPDATE\s+\w+\s+SET\b/i,
  /\b(?:Type|Reference|Range|Syntax|Eval|URI|Assertion|Zod|Sqlite|Aggregate)Error\b/, /FST_ERR/, /\bERR_[A-Z_]{3,}/,
  /Cannot read propert/, /is not a function/, /is not iterable/, /Maximum call stack/, /\[object Object\]/, /\bundefined\b/, /\bNaN\b/,
];

/**
 * Characters a body never carries raw (an echo writes them as `\uXXXX`): bidi embeddings, overrides and
 * isolates, zero-width characters and marks, the BOM (JSON itself escapes controls and lone surrogates).
 */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

/** The problems with one answer (empty when it is fine). */
export function answerProblems(doc: OpenApiDoc, op: DocOperation, fuzzCase: FuzzCase, answer: Answer): string[] {
  const problems: string[] = [];
  const status = answer.statusCode;
  if (status >= 500) problems.push(`a ${status}`);
  const schema = op.responses.get(status);
  if (schema === undefined) problems.push(`status ${status} is not documented for ${op.id} (documented: ${[...op.responses.keys()].join(', ')})`);
  if (fuzzCase.expect === 'bad_request' && status !== 400) problems.push(`expected 400 bad_request, got ${status}`);
  if (fuzzCase.expect === 'unauthenticated' && ![401, 403, 429].includes(status)) problems.push(`expected 401/403/429 for a bad credential, got ${status}`);
  if (fuzzCase.expect === 'refused' && ![400, 401, 403, 429].includes(status)) problems.push(`expected 400/401/403/429, got ${status}`);
  if (!/^application\/json/.test(String(answer.headers['content-type'] ?? ''))) problems.push(`content-type ${String(answer.headers['content-type'])}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    problems.push(`the body is not JSON: ${answer.body.slice(0, 200)}`);
    return problems;
  }
  if (schema !== undefined) {
    for (const error of schemaErrors(schema, body, doc)) problems.push(`body does not match the documented ${status} schema: ${error}`);
  }
  const envelope = body as { product?: unknown; api_version?: unknown; ok?: unknown; error?: { code?: unknown } };
  if (envelope.product !== op.slug) problems.push(`envelope product ${JSON.stringify(envelope.product)}, expected ${op.slug}`);
  if (envelope.api_version !== op.version) problems.push(`envelope api_version ${JSON.stringify(envelope.api_version)}, expected ${op.version}`);
  if (envelope.ok !== (status < 400)) problems.push(`envelope ok=${String(envelope.ok)} with status ${status}`);
  if (fuzzCase.expect === 'bad_request' && status === 400 && envelope.error?.code !== 'bad_request') problems.push(`error code ${String(envelope.error?.code)}`);
  const invisible = INVISIBLE.exec(answer.body);
  if (invisible) {
    const at = invisible.index;
    problems.push(`an invisible or bidi control U+${invisible[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} is echoed raw: ${JSON.stringify(answer.body.slice(Math.max(0, at - 60), at + 60))}`);
  }
  const internal = internalText(answer.body, echoable(op, fuzzCase));
  if (internal) problems.push(`internal text in the body: ${internal}`);
  return problems;
}

/** What the request itself could have put in the body (echoed in a message): its decoded parts. */
function echoable(op: DocOperation, fuzzCase: FuzzCase): string {
  const url = urlOf(op, fuzzCase.request);
  const parts = [url];
  for (const piece of url.split(/[/?&=]/)) {
    try {
      parts.push(decodeURIComponent(piece.replace(/\+/g, ' ')));
    } catch {
      parts.push(piece);
    }
  }
  return parts.join('\n');
}

/** The first internal-looking text in `body` that the request did not bring itself, or null. */
export function internalText(body: string, echo: string): string | null {
  // The body is JSON text: a line break in a message is written `\n`, a backslash `\\`.
  const text = body.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
  for (const pattern of INTERNAL) {
    const match = pattern.exec(text);
    if (!match) continue;
    const found = match[0].trim();
    const core = found.replace(/^[\s"'(]+/, '');
    if (core.length > 0 && echo.toLowerCase().includes(core.toLowerCase())) continue;
    return `${JSON.stringify(found)} in ${JSON.stringify(text.slice(Math.max(0, match.index - 80), match.index + 120))}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Prototypes: nothing a request does may add, remove or replace a property of a built-in prototype.

const PROTOTYPES: Record<string, object> = {
  Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype,
  Number: Number.prototype, Boolean: Boolean.prototype, RegExp: RegExp.prototype, Date: Date.prototype, Map: Map.prototype,
  Set: Set.prototype, Promise: Promise.prototype, Error: Error.prototype, Symbol: Symbol.prototype,
  URLSearchParams: URLSearchParams.prototype, Uint8Array: Uint8Array.prototype,
};

/**
 * A cheap check, run after every request: no key added to or removed from `Object.prototype` or
 * `Array.prototype`, nothing named `polluted` reachable. `prototypeChanges` is the full comparison.
 */
export function quickPrototypeChanges(before: PrototypeSnapshot): string[] {
  const changes: string[] = [];
  for (const name of ['Object', 'Array'] as const) {
    if (Reflect.ownKeys(PROTOTYPES[name]!).length !== before.get(name)!.size) changes.push(`${name}.prototype has a key more or less`);
  }
  if (({} as Record<string, unknown>).polluted !== undefined || ([] as unknown as Record<string, unknown>).polluted !== undefined) changes.push('a prototype has `polluted`');
  return changes;
}

export type PrototypeSnapshot = Map<string, Map<PropertyKey, PropertyDescriptor>>;

export function snapshotPrototypes(): PrototypeSnapshot {
  const out: PrototypeSnapshot = new Map();
  for (const [name, proto] of Object.entries(PROTOTYPES)) {
    const props = new Map<PropertyKey, PropertyDescriptor>();
    for (const key of Reflect.ownKeys(proto)) props.set(key, Reflect.getOwnPropertyDescriptor(proto, key)!);
    out.set(name, props);
  }
  return out;
}

/** How the prototypes differ from `before` (empty when untouched), plus any `polluted` property reachable from `{}`. */
export function prototypeChanges(before: PrototypeSnapshot): string[] {
  const changes: string[] = [];
  const after = snapshotPrototypes();
  for (const [name, props] of before) {
    const now = after.get(name)!;
    for (const key of now.keys()) if (!props.has(key)) changes.push(`${name}.prototype gained ${String(key)}`);
    for (const [key, descriptor] of props) {
      const current = now.get(key);
      if (!current) changes.push(`${name}.prototype lost ${String(key)}`);
      else if (!Object.is(current.value, descriptor.value) || current.get !== descriptor.get || current.set !== descriptor.set) {
        changes.push(`${name}.prototype.${String(key)} was replaced`);
      }
    }
  }
  const probe: Record<string, unknown> = {};
  if (probe.polluted !== undefined) changes.push('({}).polluted is defined');
  if (Object.getPrototypeOf(probe) !== Object.prototype) changes.push('{} no longer inherits from Object.prototype');
  if ('polluted' in globalThis) changes.push('globalThis.polluted is defined');
  return changes;
}
