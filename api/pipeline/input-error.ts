/** Turns a failed input parse into the one `bad_request` the contract describes. */
import type { z } from 'zod';
import { badRequest, echoed, type ServiceError } from '../../models/errors.js';

/**
 * The first issue decides: `message` names the parameter, `reason` is the parser's own reason, or
 * `missing_parameter` when the parameter was absent, or `invalid_value` otherwise.
 */
export function inputError(error: z.ZodError, raw: Record<string, unknown>): ServiceError {
  const issue = error.issues[0];
  if (!issue) return badRequest('The request is malformed.', 'invalid_value');
  const param = issue.path.length > 0 ? String(issue.path[0]) : null;
  // The name comes from the schema, but is echoed through the same escaping as every client value.
  const what = param === null ? 'The request' : `Parameter '${echoed(param)}'`;
  if (param !== null && raw[param] === undefined) {
    return badRequest(`${what} is required.`, 'missing_parameter');
  }
  const reason = (issue as { params?: { reason?: unknown } }).params?.reason;
  // Our parsers write messages that read after the parameter name; zod's own messages do not.
  return typeof reason === 'string'
    ? badRequest(`${what} ${issue.message}.`, reason)
    : badRequest(`${what} is invalid (${issue.message}).`, 'invalid_value');
}
