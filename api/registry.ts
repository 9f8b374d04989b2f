/**
 * Every product the service offers, listed explicitly. REST routes, OpenAPI, the status job and the
 * parity tests loop over this list; the tRPC router names each one (see trpc/router.ts).
 */
import type { AnyOperation } from './operation.js';
import { status } from './operations/status.js';

export const operations: readonly AnyOperation[] = [status];
