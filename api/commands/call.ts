/**
 * `bdds call <product> [--<param> <value>] ... [--key K]`: one product, in process, through the same
 * request pipeline as HTTP (the same checks, the same quota, the same envelope), printed on standard
 * output. The caller is the key given, else BDDS_API_KEY, else the operator's BDDS_INTERNAL_TOKEN.
 */
import { randomUUID } from 'node:crypto';
import { KEY_PREFIX } from '../access/key-format.js';
import { createPipeline } from '../pipeline/pipeline.js';
import { findOperation, operations } from '../../services/registry.js';
import { processIo, type CliIo, UsageError } from './io.js';
import { openLocalService } from './local-service.js';

export const CALL_USAGE = `Usage: bdds call <product> [--<parameter> <value>] ... [--key <API key>]

Calls a product (by its REST slug or its name: day-stats or dayStats) in this process, through the same
pipeline as the HTTP service: the same parameter rules, the same quota and the same JSON envelope, printed
on standard output. A parameter given twice is refused, as in a query string. Exit 0 on success, 1 when
the answer is an error (the error envelope is still printed), 2 on bad usage.

The caller: --key, else BDDS_API_KEY, else BDDS_INTERNAL_TOKEN (the operator: not metered).
Path parameters are options too: bdds call border --origin 1 --destination 2 --crossing_type 4

Products: ${productNames().join(', ')}
Uses the store named by BDDS_DB (which must exist: \`bdds serve\` or \`bdds import\` creates it) and the clock of BDDS_NOW.`;

/** What names each product on the command line: its slug, or its name where products share one (alerts). */
export function productNames(): string[] {
  return operations.map((op) => (operations.filter((o) => o.slug === op.slug).length === 1 ? op.slug : op.name));
}

/**
 * Why `product` names no product, with the names that do: none given, a path several products share
 * (`alerts`: name one by its name), or an unknown name (echoed as `echo` allows: never an API key).
 */
function unknownProduct(product: string | undefined): string {
  const names = productNames().join(', ');
  if (product === undefined || product.startsWith('--')) return `name a product: ${names}`;
  const sharing = operations.filter((o) => o.slug === product).map((o) => o.name);
  if (sharing.length > 1) return `'${product}' is the path of ${sharing.join(', ')}: name one of them; products: ${names}`;
  return `unknown product '${echo(product).slice(0, 60)}'; products: ${names}`;
}

/** Printed to stderr when a product needs a key and none was given. */
export const CALL_KEY_HINT = 'bdds call: this product needs an API key: give it with --key <key> or in BDDS_API_KEY ' +
  '(`bdds keys create --email E --plan explorer` issues one; BDDS_INTERNAL_TOKEN calls as the operator).\n';

/** An argument as an error may echo it: an API key never (a mistyped line is often pasted into a report). */
const echo = (arg: string) => (arg.includes(KEY_PREFIX) ? `${KEY_PREFIX}…` : arg);

/**
 * `--name value` and `--name=value` pairs; a name given twice becomes a list (refused by the pipeline). A value
 * never starts with `--` (`--ppid --key K` lacks the ppid; an empty one is `--ppid=`).
 */
export function parseParams(args: readonly string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--') || arg.length < 3) throw new UsageError(`expected --<parameter> <value>, got '${echo(arg)}'`);
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    let value: string;
    if (eq > 0) value = arg.slice(eq + 1);
    else if (i + 1 < args.length && !args[i + 1]!.startsWith('--')) value = args[++i]!;
    else throw new UsageError(`--${echo(name)} needs a value`);
    const previous = out[name];
    out[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return out;
}

export async function callCommand(args: string[], io: CliIo = processIo): Promise<number> {
  const [product, ...rest] = args;
  const op = product === undefined ? undefined : findOperation(operations, product);
  if (!op) throw new UsageError(unknownProduct(product));
  const params = parseParams(rest);
  const { key, ...values } = params;
  if (Array.isArray(key)) throw new UsageError('--key is given more than once');
  const service = await openLocalService(io, { lazy: true, oneCall: true, existingStore: true });
  try {
    // With no credential at all, the pipeline answers missing_api_key like any transport.
    const credential = key ?? (io.env.BDDS_API_KEY || undefined) ?? service.config.internalToken ?? undefined; // an empty variable is unset
    const outcome = await createPipeline(service.deps).call({
      op, transport: 'cli', requestId: randomUUID(), address: 'cli',
      authorization: credential === undefined ? undefined : `Bearer ${credential}`,
      params: { values, text: true },
    });
    io.out(outcome.body ?? '');
    // The envelope speaks to every transport (headers, the query string); on the command line a key is given otherwise.
    if (outcome.error?.code === 'missing_api_key' && credential === undefined) io.err(CALL_KEY_HINT);
    return outcome.status < 400 ? 0 : 1;
  } finally {
    await service.close();
  }
}
