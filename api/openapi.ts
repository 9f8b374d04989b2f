/**
 * OpenAPI 3.1 from the registry: every operation, its parameters and responses come from the same
 * zod schemas the routes parse with (zod's JSON Schema output is draft 2020-12, as OpenAPI 3.1 uses); a
 * new operation appears without a change here. The parts of an operation's entry (responses and their
 * examples, code samples, families) are in api/docs/.
 */
import { AlertEvent } from '../models/alerts.js';
import { z } from 'zod';
import { ErrorEnvelope, successEnvelope } from '../models/envelope.js';
import type { AnyOperation } from '../services/operation.js';
import { codeSamples, samplesMarkdown } from './docs/code-samples.js';
import { docsExamples, type DocsExamples } from './docs/examples.js';
import { FAMILIES, familyOf } from './docs/families.js';
import { errorExampleComponents, HEADERS, responsesOf } from './docs/responses.js';
import { TOOL_ALIASES } from './mcp/tools.js';
import { routePath } from './rest/paths.js';

type JsonSchema = Record<string, unknown>;

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/**
 * A parameter as REST takes it: one value (a list is one comma-separated value; a repeated parameter is
 * refused), so the array form the JSON transports accept is dropped; where a parser takes a number or a
 * boolean as well as its text, the parameter is declared as that number or boolean, unless it also takes
 * words (`takesWords`: a country is a number or an ISO-2 code), which only a string can say.
 */
function restParamSchema(schema: JsonSchema, takesWords = false): JsonSchema {
  // A list (it has an array form; from JSON its items may also be numbers) is one comma-separated string in REST.
  const anyOfList = Array.isArray(schema.anyOf) && (schema.anyOf as JsonSchema[]).some((s) => s.type === 'array');
  if (anyOfList || (Array.isArray(schema.type) && (schema.type as string[]).includes('array'))) {
    const { anyOf: list, items: _items, ...rest } = schema;
    // A constant it also takes (`all`) stays documented beside the comma-separated string.
    const constants = Array.isArray(list) ? (list as JsonSchema[]).filter((s) => s.const !== undefined) : [];
    return constants.length ? { ...rest, anyOf: [{ type: 'string' }, ...constants] } : { ...rest, type: 'string' };
  }
  if (Array.isArray(schema.type)) {
    const types = (schema.type as string[]).filter((t) => t !== 'array');
    const typed = takesWords && types.includes('string') ? 'string' : types.find((t) => t === 'number' || t === 'integer' || t === 'boolean');
    return { ...schema, type: typed ?? (types.length === 1 ? types[0] : types) };
  }
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (!Array.isArray(anyOf)) return schema;
  const single = anyOf.filter((s) => s.type !== 'array');
  const typed = single.find((s) => s.type === 'number' || s.type === 'integer' || s.type === 'boolean');
  const { anyOf: _dropped, ...rest } = schema;
  if (typed && !takesWords && single.every((s) => s === typed || s.type === 'string')) return { ...rest, ...typed };
  return single.length === 1 ? { ...rest, ...single[0] } : { ...rest, anyOf: single.map((s) => restParamSchema(s, takesWords)) };
}

export interface RestParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/** The parameters of an operation as REST takes them (the OpenAPI document and the sandbox forms). */
export function parametersOf(op: AnyOperation): RestParameter[] {
  const pathParams = new Set(op.pathParams ?? []);
  return Object.entries(op.input.shape as Record<string, z.ZodType>).map(([name, schema]) => ({
    name,
    in: pathParams.has(name) ? 'path' as const : 'query' as const,
    required: pathParams.has(name) || !schema.safeParse(undefined).success,
    ...(schema.description ? { description: schema.description } : {}),
    // `PL` stands for any word: a number, a flag or a ppid refuses it, a country takes it.
    schema: restParamSchema(jsonSchema(schema, 'input'), schema.safeParse('PL').success),
  }));
}

export interface OpenApiOptions {
  /** The address users reach the service at (BDDS_PUBLIC_URL): the document's `servers` and the samples' URLs. */
  publicUrl?: string | null;
  /** Example answers and errors (default: api/docs/examples.json). */
  examples?: DocsExamples;
}

/** The MCP tool names of an operation: its own name, then the established service's aliases of it. */
function mcpNames(op: AnyOperation): { tool: string; aliases: string[] } {
  return { tool: op.name, aliases: Object.entries(TOOL_ALIASES).filter(([, target]) => target === op.name).map(([alias]) => alias) };
}

/** A query value as the parameter's schema types it (`"2"` is 2 where the parameter is a number). */
function typedExample(value: string, schema: Record<string, unknown>): unknown {
  if ((schema.type === 'number' || schema.type === 'integer') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** A POST's JSON body: the input's schema without the path's parameters (a refined schema cannot `omit`). */
function bodySchemaOf(op: AnyOperation): JsonSchema {
  const schema = jsonSchema(op.input, 'input');
  const inPath = new Set(op.pathParams ?? []);
  const properties = Object.fromEntries(Object.entries((schema.properties ?? {}) as JsonSchema).filter(([name]) => !inPath.has(name)));
  const required = ((schema.required ?? []) as string[]).filter((name) => !inPath.has(name));
  return { ...schema, properties, ...(required.length ? { required } : { required: undefined }) };
}

/** A POST that takes `idempotency_key` takes it as the `Idempotency-Key` header too (api/rest/routes.ts). */
function idempotencyHeader(body: JsonSchema | null) {
  const property = (body?.properties as Record<string, JsonSchema> | undefined)?.idempotency_key;
  if (!property) return [];
  return [{ name: 'Idempotency-Key', in: 'header' as const, required: false, description: String(property.description ?? ''), schema: { type: 'string', minLength: 1, maxLength: 255 } }];
}

/** What a call costs, in words (a product with its own cost says how in its description). */
const costOf = (op: AnyOperation) => (op.access === 'public' ? 'never counted' : op.cost ? 'computed from the input (`meta.units_consumed`)' : '1 unit per call');

/**
 * One operation at one REST root: operationId = the operation's name (= tRPC procedure and MCP tool) on its
 * first root, the family's tag, the quota class and cost, parameters (or a JSON body for a POST) with the
 * example's values, responses with examples, and code samples.
 */
function operationDoc(op: AnyOperation, version: 1 | 2, baseUrl: string, examples: DocsExamples) {
  const method = op.rest?.method ?? 'GET';
  const keyed = op.access === 'keyed';
  const input = examples.inputs[op.name];
  const params = parametersOf(op).map((p) => (input?.[p.name] !== undefined ? { ...p, example: typedExample(input[p.name]!, p.schema) } : p));
  const pathParams = params.filter((p) => p.in === 'path');
  const bodyParams = method === 'POST' ? params.filter((p) => p.in === 'query') : [];
  const path = routePath(op, version).replace(/:(\w+)/g, (_m, name: string) => (input?.[name] !== undefined ? encodeURIComponent(input[name]) : `{${name}}`));
  const query = method === 'POST' || !input ? '' : new URLSearchParams(Object.entries(input).filter(([k]) => !op.pathParams?.includes(k))).toString();
  const samples = codeSamples({ method, url: `${baseUrl}${path}${query ? `?${query}` : ''}`, keyed, ...(method === 'POST' ? { body: '{ ... }' } : {}) });
  // The sandbox calls as the portal's own account: products that act on the caller's key (listAlerts) are not in it.
  const sandbox = keyed && method === 'GET' && !op.needsKey ? `Logged in to the portal? [Try it in the sandbox](/portal/sandbox/${op.slug}): its own 50 calls a day, not your key's.` : '';
  const access = keyed ? `Quota class \`${op.quotaClass}\`; cost: ${costOf(op)}.` : 'Public: no key needed, never counted.';
  const { tool, aliases } = mcpNames(op);
  const bodySchema = method === 'POST' ? bodySchemaOf(op) : null;
  return {
    operationId: version === op.versions[0] ? op.name : `${op.name}V${version}`,
    summary: op.summary,
    description: [op.description, access, sandbox, samplesMarkdown(samples)].filter(Boolean).join('\n\n'),
    tags: [familyOf(op.slug)],
    security: keyed ? [{ bearerKey: [] }] : [],
    ...(op.quotaClass ? { 'x-quota-class': op.quotaClass } : {}),
    'x-cost': costOf(op),
    'x-mcp-tool': tool,
    ...(aliases.length ? { 'x-mcp-aliases': aliases } : {}),
    'x-codeSamples': samples,
    parameters: method === 'POST' ? [...pathParams, ...idempotencyHeader(bodySchema)] : params,
    ...(bodySchema && bodyParams.length ? { requestBody: { required: true, content: { 'application/json': { schema: bodySchema } } } } : {}),
    responses: responsesOf(op, jsonSchema(successEnvelope(op.output, op.snapshot), 'output'), examples),
  };
}

export function buildOpenApi(ops: readonly AnyOperation[], serviceName: string, options: OpenApiOptions = {}) {
  const examples = options.examples ?? docsExamples();
  const publicUrl = options.publicUrl?.replace(/\/+$/, '') || null;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    for (const version of op.versions) {
      const path = routePath(op, version).replace(/:(\w+)/g, '{$1}');
      // Several operations may share a path under different methods (GET and POST /alerts).
      paths[path] = { ...paths[path], [(op.rest?.method ?? 'GET').toLowerCase()]: operationDoc(op, version, publicUrl ?? 'http://127.0.0.1:8080', examples) };
    }
  }
  const used = new Set(ops.map((op) => familyOf(op.slug)));
  return {
    openapi: '3.1.0',
    info: {
      title: serviceName,
      version: '1',
      description: 'A read-only JSON API for border-checkpoint queues and forecasts and the data drivers need at the border. ' +
        'Every answer is a JSON envelope (`ok`, `api_version`, `product`, `attribution`, `data` or `error`, `usage` for keyed calls). ' +
        'Keyed products need `Authorization: Bearer <API key>` (a free Explorer key from [the portal](/portal)) and draw on a daily quota ' +
        'class (UTC day): `standard` (Explorer 200), `forecast_stats` (50) and `cheap` (1,000), at most 2 requests a second; ' +
        'Pay As You Grow keys have limits of their own. What changed for clients: [changelog](/docs/changelog).',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [publicUrl ? { url: publicUrl, description: 'This service' } : { url: '/', description: 'This service' }],
    tags: FAMILIES.filter((f) => used.has(f.name)).map((f) => ({ name: f.name, description: f.description })),
    paths,
    // What an alert POSTs to its webhook (docs/alerts.md).
    webhooks: {
      alertFired: {
        post: {
          operationId: 'alertFired',
          // The receiver's endpoint: the service signs the body instead of sending a key.
          security: [],
          summary: 'An alert fired: a checkpoint\'s wait or queue crossed its threshold',
          description: 'Sent by the service to the alert\'s `webhook_url`. Verify `X-BDDS-Signature` (`t=<unix s>,v1=<hex HMAC-SHA256 of ' +
            '"<t>.<raw body>" keyed with the alert\'s secret>`) and drop repeats by `X-BDDS-Event-Id`; any 2xx acknowledges, anything ' +
            'else is retried with backoff for a day.',
          parameters: [
            { name: 'X-BDDS-Signature', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'X-BDDS-Event-Id', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'X-BDDS-Alert-Id', in: 'header', required: true, schema: { type: 'string' } },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(AlertEvent, 'output') } } },
          responses: { '200': { description: 'Any 2xx acknowledges the event.' } },
        },
      },
    },
    components: {
      securitySchemes: { bearerKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key> (also accepted: X-API-Key: <key>, or ?key=<key>)' } },
      schemas: { ErrorEnvelope: jsonSchema(ErrorEnvelope, 'output') },
      headers: HEADERS,
      examples: errorExampleComponents(examples, JSON.stringify(paths)),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApi>;
