/**
 * Change notices between instances over Redis pub/sub: a key revoked, rolled, verified or moved to
 * another plan (every instance drops its cached lookups of it), and data versions that moved (every
 * instance re-reads its versions, so cached answers built on older data stop being served). Pub/sub
 * delivers at most once: a notice sent while an instance was disconnected is lost, so on every
 * reconnection the instance resynchronises as if it had missed everything (`onResync`).
 */
import type { Redis } from 'ioredis';
import type { RedisLink } from './link.js';
import { REDIS_PREFIX } from './quota-store.js';

export type BusEvent = { type: 'keys'; ids: number[] } | { type: 'versions' };

export interface RedisBusOptions {
  /** This instance: its own notices are not acted on twice. */
  instanceId: string;
  onEvent: (event: BusEvent) => void;
  /** After a reconnection of the subscriber (not the first connection): notices may have been missed. */
  onResync: () => void;
  channel?: string;
}

const MAX_IDS = 1_000;

function parse(text: string): (BusEvent & { from: string }) | null {
  try {
    const value = JSON.parse(text) as { from?: unknown; type?: unknown; ids?: unknown };
    if (typeof value.from !== 'string') return null;
    if (value.type === 'versions') return { type: 'versions', from: value.from };
    if (value.type === 'keys' && Array.isArray(value.ids) && value.ids.length <= MAX_IDS && value.ids.every((id) => Number.isSafeInteger(id))) {
      return { type: 'keys', ids: value.ids as number[], from: value.from };
    }
  } catch {
    // not ours
  }
  return null;
}

export function createRedisBus(link: RedisLink, options: RedisBusOptions) {
  const channel = options.channel ?? `${REDIS_PREFIX}events`;
  // Its own connection: a subscribed connection takes no other commands. It subscribes on every connection
  // (ioredis's own resubscription is off: it forgets a channel whose first subscription failed).
  const sub: Redis = link.client.duplicate({ autoResubscribe: false, enableAutoPipelining: false });
  let connections = 0;
  let closed = false;
  let markSubscribed: () => void = () => undefined;
  const subscribed = new Promise<void>((resolve) => (markSubscribed = resolve));
  sub.on('error', () => undefined); // reconnection is ioredis's; the command link reports the state
  sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const event = parse(text);
    if (event && event.from !== options.instanceId) options.onEvent(event.type === 'keys' ? { type: 'keys', ids: event.ids } : { type: 'versions' });
  });
  sub.on('ready', () => {
    const nth = ++connections;
    sub.subscribe(channel).then(() => {
      markSubscribed();
      // Resynchronise once subscribed again, so that nothing sent after the resync is missed.
      if (nth > 1 && !closed) options.onResync();
    }, () => undefined); // the connection dropped again: the next 'ready' subscribes
  });

  return {
    /** Resolves once subscribed the first time. */
    subscribed,
    /** Sends a notice to the other instances; false when Redis is unreachable (they catch up by their own polling). */
    async publish(event: BusEvent): Promise<boolean> {
      try {
        await link.run((c) => c.publish(channel, JSON.stringify({ ...event, from: options.instanceId })));
        return true;
      } catch {
        return false;
      }
    },
    async close(): Promise<void> {
      closed = true;
      try {
        await Promise.race([sub.quit(), new Promise((_, reject) => setTimeout(reject, 500).unref())]);
      } catch {
        sub.disconnect();
      }
    },
  };
}

export type RedisBus = ReturnType<typeof createRedisBus>;
