/**
 * The connection guard, installed on the Node HTTP server: no one client may hold every connection.
 *
 * - Per remote address (IPv4-mapped IPv6 `::ffff:1.2.3.4` counts as `1.2.3.4`), at most `maxPerAddress`
 *   open connections: one more is destroyed as soon as it is accepted, before a byte of it is read. No
 *   `503` is written: nothing has been asked yet (a response before a request is a protocol error to
 *   most clients, which may not even have sent theirs), and Node's HTTP parser is already attached to the
 *   socket, so a request arriving while a 503 drains would still reach the app unless the socket is
 *   destroyed at once, and closing it with that request unread resets the connection, discarding the 503
 *   the client has not read yet. The client sees the connection closed (`ECONNRESET` or "socket hang up")
 *   with no request processed, so retrying later is always safe.
 * - Near the global cap (above `shedAbove` of `maxConnections`, which the guard sets on the server as
 *   `server.maxConnections`), each new connection first closes idle ones: sockets with no request in
 *   flight, including those never used. Which ones: the oldest idle socket of the address holding the most
 *   idle sockets. An address hoarding idle sockets loses them first, while the one or few kept-alive
 *   sockets of ordinary clients are left alone, and a newcomer is never shed before it could send its
 *   request: hundreds of idle sockets are ahead of it. (`server.closeIdleConnections()` would close every
 *   idle socket, every client's.) Closing an idle socket is the keep-alive time-out's race: no request was
 *   processed on it, and clients retry one they were just sending.
 * - Counts are exact (released on the socket's 'close', or at once when the guard closes it) and every
 *   step is O(1): a map per address, and buckets of addresses by their number of idle sockets.
 *
 * A request in flight is one between the server's 'request' event and its response's 'close'. A socket
 * receiving the first bytes of a request counts as idle until the whole head has arrived (Node's parser
 * does not tell earlier), as it does for the keep-alive time-out. Upgrades are not tracked (the service
 * has none: a listener for them would change how Node treats `Upgrade:` requests).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Logger } from 'pino';

export interface ConnectionGuardOptions {
  /** The global cap, set on the server as `maxConnections` (beyond it Node refuses at the socket). */
  maxConnections: number;
  /** Open connections allowed per remote address; null: no per-address limit. */
  maxPerAddress: number | null;
  /**
   * The service trusts a forwarding proxy: every client then reaches it from the proxy's address, so the
   * per-address limit is off (the proxy, which sees the clients' addresses, has to limit them). Shedding
   * idle connections near the cap still applies.
   */
  behindProxy?: boolean;
  /** Shedding starts when a new connection finds more than this share of `maxConnections` open (0.9). */
  shedAbove?: number;
  /** Refusals and shedding are logged (warn) at most once a minute, with counts since the last line. */
  log?: Pick<Logger, 'warn'>;
}

export interface ConnectionStats {
  /** Connections open now (the guard's count; refused ones are never counted). */
  open: number;
  /** Idle connections among them. */
  idle: number;
  /** Distinct remote addresses among them. */
  addresses: number;
  /** Since the start: connections accepted, refused over the per-address limit, and closed by shedding. */
  accepted: number;
  refused: number;
  shed: number;
}

export interface ConnectionGuard {
  stats(): ConnectionStats;
  /** Open connections of an address (as the socket reports it; `::ffff:` forms count as IPv4). */
  openFrom(address: string): number;
  /** Removes the listeners (connections already counted stay open). */
  uninstall(): void;
}

interface AddressEntry {
  key: string;
  open: number;
  /** Idle sockets, oldest idle first (a Set keeps insertion order; delete and add are O(1)). */
  idle: Set<Socket>;
}

interface SocketState {
  entry: AddressEntry;
  inFlight: number;
}

export const DEFAULT_SHED_ABOVE = 0.9;
/** Idle sockets closed per new connection at most (normally one: each newcomer makes room for itself). */
const MAX_SHED_PER_CONNECTION = 16;
const LOG_INTERVAL_MS = 60_000;
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address a connection is counted under: IPv4-mapped IPv6 as plain IPv4. */
export function addressKey(address: string): string {
  return address.startsWith('::') ? (MAPPED_IPV4.exec(address)?.[1] ?? address) : address;
}

export function installConnectionGuard(server: Server, options: ConnectionGuardOptions): ConnectionGuard {
  const { maxConnections, log } = options;
  const maxPerAddress = options.behindProxy ? null : options.maxPerAddress;
  if (!Number.isInteger(maxConnections) || maxConnections < 1) throw new RangeError('maxConnections must be a positive integer');
  if (maxPerAddress !== null && (!Number.isInteger(maxPerAddress) || maxPerAddress < 1)) throw new RangeError('maxPerAddress must be a positive integer or null');
  const highWater = Math.floor(maxConnections * (options.shedAbove ?? DEFAULT_SHED_ABOVE));
  server.maxConnections = maxConnections;

  const byAddress = new Map<string, AddressEntry>();
  const states = new WeakMap<Socket, SocketState>();
  /** byIdle[n]: the addresses with n idle sockets (n >= 1); maxIdle: the largest such n, 0 when none is idle. */
  const byIdle: Array<Set<AddressEntry> | undefined> = [];
  let maxIdle = 0;
  let open = 0;
  let idle = 0;
  const totals = { accepted: 0, refused: 0, shed: 0 };
  const unlogged = { refused: 0, shed: 0 };
  let loggedAt = 0;

  /** Moves `entry` to the bucket of its idle count, which was `from` and changed by one. */
  function rebucket(entry: AddressEntry, from: number) {
    const to = entry.idle.size;
    if (from > 0) {
      const bucket = byIdle[from]!;
      bucket.delete(entry);
      if (bucket.size === 0 && maxIdle === from && to < from) maxIdle = to;
    }
    if (to > 0) (byIdle[to] ??= new Set()).add(entry);
    if (to > maxIdle) maxIdle = to;
  }

  function setIdle(socket: Socket, entry: AddressEntry) {
    entry.idle.add(socket);
    idle++;
    rebucket(entry, entry.idle.size - 1);
  }

  function setBusy(socket: Socket, entry: AddressEntry) {
    if (!entry.idle.delete(socket)) return;
    idle--;
    rebucket(entry, entry.idle.size + 1);
  }

  /** Uncounts a socket (at its 'close', or when the guard closes it); idempotent. */
  function release(socket: Socket) {
    const state = states.get(socket);
    if (!state) return;
    states.delete(socket);
    const { entry } = state;
    setBusy(socket, entry);
    open--;
    if (--entry.open === 0) byAddress.delete(entry.key);
  }

  function onClose(this: Socket) {
    release(this);
  }

  function note(kind: 'refused' | 'shed') {
    totals[kind]++;
    unlogged[kind]++;
    if (!log) return;
    const now = Date.now();
    if (now - loggedAt < LOG_INTERVAL_MS) return;
    loggedAt = now;
    log.warn({ refused: unlogged.refused, shed: unlogged.shed, open, addresses: byAddress.size, maxConnections, maxPerAddress },
      'connections refused over the per-address limit or idle ones closed near the cap (counts since the last such line)');
    unlogged.refused = 0;
    unlogged.shed = 0;
  }

  /** Closes the oldest idle socket of the address holding the most idle ones, while too many are open. */
  function shed(target: number) {
    for (let n = 0; open > target && maxIdle > 0 && n < MAX_SHED_PER_CONNECTION; n++) {
      const entry = byIdle[maxIdle]!.values().next().value!;
      const socket = entry.idle.values().next().value!;
      release(socket);
      socket.destroy();
      note('shed');
    }
  }

  function onConnection(socket: Socket) {
    // Only real sockets: the client-error handler re-emits a relay of an already counted socket.
    if (!(socket instanceof Socket) || states.has(socket)) return;
    const address = socket.remoteAddress;
    if (address === undefined) return; // already closed by the client
    const key = addressKey(address);
    let entry = byAddress.get(key);
    if (maxPerAddress !== null && entry !== undefined && entry.open >= maxPerAddress) {
      socket.destroy();
      note('refused');
      return;
    }
    // Room for the newcomer first (it is counted below, so it is never shed itself).
    if (open + 1 > highWater) shed(highWater - 1);
    if (entry === undefined) {
      entry = { key, open: 0, idle: new Set() };
      byAddress.set(key, entry);
    }
    entry.open++;
    open++;
    totals.accepted++;
    states.set(socket, { entry, inFlight: 0 });
    setIdle(socket, entry);
    socket.once('close', onClose);
  }

  function onResponseClose(this: ServerResponse) {
    const state = states.get(this.req.socket as Socket);
    if (state && --state.inFlight === 0) setIdle(this.req.socket as Socket, state.entry);
  }

  function onRequest(req: IncomingMessage, res: ServerResponse) {
    const state = states.get(req.socket as Socket);
    if (!state) return; // a relayed request (see above), or a socket already released
    if (state.inFlight++ === 0) setBusy(req.socket as Socket, state.entry);
    res.on('close', onResponseClose);
  }

  server.on('connection', onConnection);
  server.on('request', onRequest);
  return {
    stats: () => ({ open, idle, addresses: byAddress.size, ...totals }),
    openFrom: (address) => byAddress.get(addressKey(address))?.open ?? 0,
    uninstall() {
      server.off('connection', onConnection);
      server.off('request', onRequest);
    },
  };
}
