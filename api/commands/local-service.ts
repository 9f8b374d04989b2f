/**
 * The service in this process, without HTTP: the configured store (seeded as `serve` seeds it), the
 * engine pool and the handler dependencies. `bdds jobs`, `bdds call` and `bdds mcp` run on it.
 * Log lines go to standard error, so that standard output carries only the command's answer.
 */
import { Writable } from 'node:stream';
import { seedService } from '../../services/seed.js';
import { closeStore, openStore } from '../../data/store.js';
import { createInlineEngine } from '../../services/worker/inline.js';
import { createServicePool } from '../../services/worker/pool.js';
import { createClock, loadConfig, type Config } from '../config.js';
import { createDeps } from '../create-deps.js';
import type { Deps } from '../deps.js';
import { createLogger } from '../logger.js';
import { requireStore, type CliIo } from './io.js';

export interface LocalService {
  config: Config;
  deps: Deps;
  close(): Promise<void>;
}

/**
 * `threads`: the pool size when BDDS_THREADS is not set (one for a single call; jobs take every core but
 * one). `lazy`: threads start on the first task (a call that needs no computation starts none).
 * `oneCall`: the service answers one call and stops (`bdds call`): no quick check of the store (it reads the
 * whole file: seconds on a store of years of readings; `serve`, `jobs` and `mcp` check) and the usage counter
 * written on this connection instead of by a writer thread, and the pooled tasks run on this thread
 * (services/worker/inline.ts) instead of a worker's.
 * `existingStore`: refuse a store that does not exist (`requireStore`) instead of creating and seeding one
 * (`bdds jobs`, `bdds call`: a job or a key's call on a new store serves nobody).
 */
export async function openLocalService(io: CliIo, options: { threads?: number; lazy?: boolean; oneCall?: boolean; existingStore?: boolean } = {}): Promise<LocalService> {
  const config = loadConfig(io.env);
  if (options.existingStore) requireStore(config.dbPath);
  const db = openStore(config.dbPath, { integrityCheck: !options.oneCall });
  const settings = { dbPath: config.dbPath, replay: config.demoReplay };
  const engine = options.oneCall ? createInlineEngine(settings)
    : createServicePool(settings, { threads: config.threads ?? options.threads ?? 1, lazy: options.lazy ?? false });
  try {
    seedService(db, { history: config.demoReplay, now: createClock(config.now)() });
    if (!options.lazy) await engine.verify();
  } catch (err) {
    await engine.close();
    closeStore(db);
    throw err;
  }
  const stderr = new Writable({ write: (chunk, _enc, done) => { io.err(String(chunk)); done(); } });
  const { deps } = createDeps({
    countersInPlace: options.oneCall ?? false,
    db, engine, log: createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, stderr), now: createClock(config.now),
    settings: { serviceName: config.serviceName, internalToken: config.internalToken, demoReplay: config.demoReplay, assistantLlm: config.assistantLlm ?? null,
      feeds: config.feeds ?? [] },
  });
  return {
    config, deps,
    async close() {
      await engine.close();
      await deps.counters.close?.();
      closeStore(db);
    },
  };
}
