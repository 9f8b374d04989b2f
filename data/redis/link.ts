/**
 * One connection to the shared Redis, with the rules that keep a request from ever waiting on it: every
 * command is bounded by a time-out (200 ms by default), nothing is queued while the connection is down
 * (a command then fails at once), and after a failure the link counts as down, so that further commands
 * fail at once too, until a probe (PING, every `probeMs`) answers again. Reconnecting is ioredis's, with
 * a short back-off; commands sent but unanswered when a connection drops are never sent again (a counter
 * must not be charged twice for one call).
 *
 * A command that timed out may still run later on the server (a Redis that hung and resumes): a counter
 * can so be over-counted by the calls in flight, never under-counted.
 */
import { createHash } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';

export const REDIS_COMMAND_TIMEOUT_MS = 200;
export const REDIS_PROBE_MS = 200;

/** A command refused, failed or timed out because the shared store is unreachable; callers apply their policy. */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
  readonly code = 'REDIS_UNAVAILABLE';
}

export const isRedisUnavailable = (err: unknown): err is RedisUnavailableError => err instanceof RedisUnavailableError;

/** Loop turns a command gets past its time-out for an answer already on the socket to be read. */
export const NOTICE_TURNS = 3;

/**
 * A promise that settles with the command's, or rejects after the time-out. The time-out measures the
 * command, not the event loop: once it has passed, the command gets NOTICE_TURNS more turns of the loop
 * (each with its I/O phase, which reads at most 1,024 ready sockets) before it counts as unanswered, so a
 * reply that arrived while thousands of connections kept the loop busy is taken rather than reported late.
 */
export function boundedCommand<T>(command: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const expire = (turnsLeft: number): void => {
      if (done) return;
      if (turnsLeft > 0) {
        setImmediate(() => expire(turnsLeft - 1));
        return;
      }
      done = true;
      reject(new RedisUnavailableError(`Redis did not answer within ${timeoutMs} ms`));
    };
    const timer = setTimeout(() => expire(NOTICE_TURNS), timeoutMs);
    command.then((value) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    }, (err: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      reject(err);
    });
  });
}

export interface RedisLinkOptions {
  commandTimeoutMs?: number;
  probeMs?: number;
  /** Named in CLIENT LIST (the instance). */
  connectionName?: string;
}

export interface LuaScript {
  readonly source: string;
  readonly sha: string;
  readonly keys: number;
}

export const luaScript = (source: string, keys: number): LuaScript => ({ source, keys, sha: createHash('sha1').update(source).digest('hex') });

/** The URL with any password left out, for logs. */
export function describeRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}:${u.port || '6379'}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return 'redis';
  }
}

export function redisOptions(extra: Partial<RedisOptions> = {}): RedisOptions {
  return {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    enableAutoPipelining: true,
    connectTimeout: 1_000,
    // Reconnect soon after a restart: 50 ms, 100 ms, ... at most every 500 ms.
    retryStrategy: (times: number) => Math.min(50 * times, 500),
    ...extra,
  };
}

export function createRedisLink(url: string, options: RedisLinkOptions = {}) {
  const timeoutMs = options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
  const probeMs = options.probeMs ?? REDIS_PROBE_MS;
  const client = new Redis(url, redisOptions({ ...(options.connectionName ? { connectionName: options.connectionName } : {}) }));
  const listeners = new Set<(up: boolean, cause: string) => void>();
  let up = false;
  let closed = false;
  let probing: NodeJS.Timeout | null = null;
  let lastError = 'not connected yet';
  /** Loaded on every (re)connection before the link counts as up: a restarted Redis holds no scripts. */
  const scripts = new Map<string, LuaScript>();

  // ioredis reports connection errors as events too; they are handled by the state below.
  client.on('error', (err: Error) => {
    lastError = err.message;
  });

  function setUp(next: boolean, cause: string) {
    if (next === up) return;
    up = next;
    for (const listener of listeners) listener(up, cause);
  }

  function markDown(cause: string) {
    lastError = cause;
    setUp(false, cause);
    if (!closed && probing === null) {
      probing = setInterval(() => void probe(), probeMs);
      probing.unref();
    }
  }

  /**
   * PING within the time-out, and the scripts loaded: the link is up again when it answers. (Without the
   * loading, the first burst after a restart would each go EVALSHA, NOSCRIPT, EVAL.)
   */
  async function probe() {
    if (closed || client.status !== 'ready') return;
    try {
      await bounded(client.ping());
      await bounded(Promise.all([...scripts.values()].map((s) => client.script('LOAD', s.source))));
      if (probing) clearInterval(probing);
      probing = null;
      setUp(true, 'answered');
    } catch {
      // still down; the next probe tries again
    }
  }

  const bounded = <T>(command: Promise<T>) => boundedCommand(command, timeoutMs);

  client.on('ready', () => void probe());
  client.on('close', () => markDown('connection closed'));
  client.on('end', () => markDown('connection ended'));
  markDown('connecting');

  return {
    client,
    get up() {
      return up;
    },
    get lastError() {
      return lastError;
    },
    /** Told on every change between up and down. */
    onChange(listener: (up: boolean, cause: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Runs a command unless the link is down (then RedisUnavailableError at once). Any failure, the time-out
     * or an error reply, is a RedisUnavailableError (never the client library's text in an answer), and
     * marks the link down until a probe answers.
     */
    async run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
      if (!up || closed) throw new RedisUnavailableError(`Redis is unreachable (${lastError})`);
      try {
        return await bounded(command(client));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        markDown(message);
        throw isRedisUnavailable(err) ? err : new RedisUnavailableError(`Redis failed: ${message}`, { cause: err });
      }
    },

    /** Loads `script` whenever the link comes up (from the next connection or probe on). */
    register(script: LuaScript): void {
      scripts.set(script.sha, script);
    },

    /** EVALSHA, loading the script (EVAL) when the server does not hold it (a SCRIPT FLUSH, a failover). */
    async eval(script: LuaScript, keys: string[], args: (string | number)[]): Promise<unknown> {
      return this.run(async (c) => {
        try {
          return await c.evalsha(script.sha, script.keys, ...keys, ...args);
        } catch (err) {
          if (err instanceof Error && err.message.startsWith('NOSCRIPT')) return c.eval(script.source, script.keys, ...keys, ...args);
          throw err;
        }
      });
    },

    /** Resolves true once up, false after `withinMs`. */
    async whenUp(withinMs: number): Promise<boolean> {
      const until = performance.now() + withinMs;
      while (!up && !closed && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
      return up;
    },

    async close(): Promise<void> {
      closed = true;
      if (probing) clearInterval(probing);
      probing = null;
      listeners.clear();
      try {
        await bounded(client.quit());
      } catch {
        client.disconnect();
      }
    },
  };
}

export type RedisLink = ReturnType<typeof createRedisLink>;
