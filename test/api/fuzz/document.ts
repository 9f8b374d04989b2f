/**
 * The operations as the OpenAPI document describes them (what clients read): path template, version
 * root, parameters with their schemas, and the documented responses. The fuzz suite is driven by this,
 * not by the registry, so it follows whatever the API documents.
 */
import type { JsonSchema } from './json-schema.js';

export interface DocParam {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface DocOperation {
  /** `operationId` (`travelMatrix`, `restaurants`, `queueV2` for a second root). */
  id: string;
  /** The path template as documented: `/api/v1/data/border/{origin}/{destination}/{crossing_type}`. */
  template: string;
  version: '1' | '2';
  /** The product slug, as the envelope's `product` names it. */
  slug: string;
  keyed: boolean;
  params: DocParam[];
  /** Documented statuses, each with its JSON schema (a `$ref` for errors). */
  responses: Map<number, JsonSchema>;
}

export interface OpenApiDoc {
  paths: Record<string, { get?: unknown }>;
  components: { schemas: Record<string, JsonSchema> };
}

interface DocGet {
  operationId: string;
  security?: unknown[];
  parameters?: DocParam[];
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

const TEMPLATE = /^\/api\/v(1|2)\/data\/([a-z0-9-]+)((?:\/\{\w+\})*)$/;

export function documentedOperations(doc: OpenApiDoc): DocOperation[] {
  return Object.entries(doc.paths).flatMap(([template, item]) => {
    const get = item.get as DocGet | undefined;
    const match = TEMPLATE.exec(template);
    if (!get || !match) return [];
    const responses = new Map<number, JsonSchema>();
    for (const [status, response] of Object.entries(get.responses)) {
      const schema = response.content?.['application/json']?.schema;
      if (schema !== undefined) responses.set(Number(status), schema);
    }
    const op: DocOperation = {
      id: String(get.operationId),
      template,
      version: match[1] as '1' | '2',
      slug: match[2]!,
      keyed: Array.isArray(get.security) && get.security.length > 0,
      params: get.parameters ?? [],
      responses,
    };
    return [op];
  });
}

/** The JSON types a parameter schema allows (`type`, a list of types, or the branches of `anyOf`). */
export function paramTypes(schema: JsonSchema): string[] {
  if (typeof schema !== 'object') return [];
  const types = new Set<string>();
  if (typeof schema.type === 'string') types.add(schema.type);
  if (Array.isArray(schema.type)) for (const t of schema.type) types.add(String(t));
  if (Array.isArray(schema.anyOf)) for (const sub of schema.anyOf as JsonSchema[]) for (const t of paramTypes(sub)) types.add(t);
  return [...types];
}

/** The constants a parameter schema names (`const`, `enum`, in `anyOf` branches too): `all` for `dest`. */
export function paramConstants(schema: JsonSchema): string[] {
  if (typeof schema !== 'object') return [];
  const out: string[] = [];
  if (schema.const !== undefined) out.push(String(schema.const));
  if (Array.isArray(schema.enum)) out.push(...schema.enum.map(String));
  if (Array.isArray(schema.anyOf)) for (const sub of schema.anyOf as JsonSchema[]) out.push(...paramConstants(sub));
  return out;
}

/** A request as the fuzz sends it: path items and query pairs, each already written as on the wire. */
export interface WireRequest {
  /** Raw (percent-encoded) path item per path parameter; a missing one is left out of the path. */
  path: Record<string, string>;
  /** Raw (percent-encoded) `name=value` pairs in order; a null value is a bare name (`?flag`). */
  query: [string, string | null][];
  /** Extra path text after the last item (`/extra`), for malformed paths. */
  suffix?: string;
}

export function urlOf(op: DocOperation, request: WireRequest): string {
  const path = op.template.replace(/\/\{(\w+)\}/g, (_all, name: string) =>
    Object.hasOwn(request.path, name) ? `/${request.path[name]}` : '');
  const query = request.query.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&');
  return `${path}${request.suffix ?? ''}${query ? `?${query}` : ''}`;
}

/** `encodeURIComponent` that never throws: a lone surrogate is written as the invalid UTF-8 it would be (CESU). */
export function encode(text: string): string {
  if (!/[\uD800-\uDFFF]/.test(text)) return encodeURIComponent(text);
  const hex = (n: number) => n.toString(16).toUpperCase();
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) out += `%ED%${hex(0x80 | ((c >> 6) & 0x3f))}%${hex(0x80 | (c & 0x3f))}`;
    else out += encodeURIComponent(text[i]!);
  }
  return out;
}
