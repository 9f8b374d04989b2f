/**
 * Configuration: environment variables with defaults, validated by one schema at start.
 * Only the server entry and the CLI call `loadConfig`; nothing else reads process.env.
 */
import { z } from 'zod';
import { integer } from '../models/query.js';

export const ConfigSchema = z.object({
  BDDS_HOST: z.string().min(1).default('127.0.0.1'),
  BDDS_PORT: integer(0, 65_535).default(8080),
  BDDS_DB: z.string().min(1).default('./var/bdds.sqlite'),
  BDDS_SERVICE_NAME: z.string().min(1).max(80).default('Border and Driver Data Service'),
  BDDS_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BDDS_NOW: z.iso.datetime({ offset: true }).optional(),
  BDDS_INTERNAL_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  BDDS_THREADS: integer(1, 64).optional(),
  BDDS_DEMO_REPLAY: z.enum(['0', '1']).default('1'),
});

export interface Config {
  host: string;
  port: number;
  dbPath: string;
  serviceName: string;
  logLevel: z.infer<typeof ConfigSchema>['BDDS_LOG_LEVEL'];
  /** Pins the clock (ISO instant) for demos and tests. */
  now: string | null;
  internalToken: string | null;
  threads: number | null;
  /** Demo configuration: seed the recorded series and replay them shifted to the present. */
  demoReplay: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the BDDS_* variables; throws ConfigError naming every bad one. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const picked = Object.fromEntries(Object.keys(ConfigSchema.shape).filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]));
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}=${JSON.stringify(picked[String(i.path[0])])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    host: c.BDDS_HOST,
    port: c.BDDS_PORT,
    dbPath: c.BDDS_DB,
    serviceName: c.BDDS_SERVICE_NAME,
    logLevel: c.BDDS_LOG_LEVEL,
    now: c.BDDS_NOW ?? null,
    internalToken: c.BDDS_INTERNAL_TOKEN ?? null,
    threads: c.BDDS_THREADS ?? null,
    demoReplay: c.BDDS_DEMO_REPLAY === '1',
  };
}

/** The injected clock: pinned to `nowIso` when given, the system clock otherwise. */
export function createClock(nowIso: string | null): () => Date {
  if (nowIso === null) return () => new Date();
  const pinned = new Date(nowIso).getTime();
  return () => new Date(pinned);
}
