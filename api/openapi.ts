/**
 * OpenAPI 3.1 from the registry: every operation, its parameters and responses come from the same
 * zod schemas the routes parse with (zod's JSON Schema output is draft 2020-12, as OpenAPI 3.1 uses).
 */
import { z } from 'zod';
import { ErrorEnvelope, successEnvelope } from '../models/envelope.js';
import { ERROR_STATUS, type ErrorCode } from '../models/errors.js';
import type { AnyOperation } from '../services/operation.js';
import { routePath } from './rest/paths.js';

type JsonSchema = Record<string, unknown>;

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const COMMON_ERRORS: readonly ErrorCode[] = ['bad_request', 'header_too_large', 'internal_error', 'service_unavailable'];
const KEYED_ERRORS: readonly ErrorCode[] = ['missing_api_key', 'invalid_api_key', 'qps_exceeded', 'quota_exceeded'];

function errorCodesOf(op: AnyOperation): ErrorCode[] {
  return [...new Set([...COMMON_ERRORS, ...(op.access === 'keyed' ? KEYED_ERRORS : []), ...(op.errors ?? [])])];
}

function responsesOf(op: AnyOperation): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    200: { description: 'Success', content: { 'application/json': { schema: jsonSchema(successEnvelope(op.output, op.snapshot), 'output') } } },
  };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(op)) {
    const statuses: number[] = code === 'invalid_api_key' ? [401, 403] : [ERROR_STATUS[code]];
    for (const s of statuses) byStatus.set(s, [...(byStatus.get(s) ?? []), code]);
  }
  for (const [s, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    responses[s] = { description: `Error: ${codes.join(', ')}`, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
  }
  return responses;
}

/**
 * A parameter as REST takes it: one value (a list is one comma-separated value; a repeated parameter is
 * refused), so the array form the JSON transports accept is dropped; where a parser takes a number or a
 * boolean as well as its text, the parameter is declared as that number or boolean.
 */
function restParamSchema(schema: JsonSchema): JsonSchema {
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
    const typed = types.find((t) => t === 'number' || t === 'integer' || t === 'boolean');
    return { ...schema, type: typed ?? (types.length === 1 ? types[0] : types) };
  }
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (!Array.isArray(anyOf)) return schema;
  const single = anyOf.filter((s) => s.type !== 'array');
  const typed = single.find((s) => s.type === 'number' || s.type === 'integer' || s.type === 'boolean');
  const { anyOf: _dropped, ...rest } = schema;
  if (typed && single.every((s) => s === typed || s.type === 'string')) return { ...rest, ...typed };
  return single.length === 1 ? { ...rest, ...single[0] } : { ...rest, anyOf: single.map(restParamSchema) };
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
    schema: restParamSchema(jsonSchema(schema, 'input')),
  }));
}

export function buildOpenApi(ops: readonly AnyOperation[], serviceName: string) {
  const paths: Record<string, unknown> = {};
  for (const op of ops) {
    for (const version of op.versions) {
      const path = routePath(op, version).replace(/:(\w+)/g, '{$1}');
      paths[path] = {
        get: {
          operationId: version === op.versions[0] ? op.name : `${op.name}V${version}`,
          summary: op.summary,
          ...(op.description ? { description: op.description } : {}),
          tags: [`v${version}`],
          security: op.access === 'public' ? [] : [{ bearerKey: [] }],
          ...(op.quotaClass ? { 'x-quota-class': op.quotaClass } : {}),
          parameters: parametersOf(op),
          responses: responsesOf(op),
        },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: serviceName,
      version: '1',
      description: 'A read-only JSON API for border-checkpoint queues and forecasts and the data drivers need at the border.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearerKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' } },
      schemas: { ErrorEnvelope: jsonSchema(ErrorEnvelope, 'output') },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApi>;
