/** `bus-carriers`: per carrier, crossings and waits at a checkpoint; who runs routes across it; the bus queue there. */
import { creditsOf } from '../../data/credits.js';
import { carrierStats } from '../../engine/carrier-stats.js';
import { BusCarriersInput, BusCarriersOutput } from '../../models/bus-carriers.js';
import { BUS, busCheckpointOf, busWait } from '../bus/bus-wait.js';
import { defineOperation } from '../operation.js';
import { checkpointOr404, liveVersion } from '../live/checkpoint-live.js';

export const busCarriers = defineOperation({
  name: 'busCarriers',
  slug: 'bus-carriers',
  summary: 'Bus carriers at a checkpoint: crossings and waits, the carriers whose routes cross there, the bus queue',
  description: 'Per carrier, from bus crossing records (arrival at the queue, crossing done) over the last `days`: crossings and the ' +
    'average, median, minimum and maximum wait in minutes, most crossings first; carriers with fewer than `min_crossings` are left out. ' +
    'Without records, `data_available` is false and `total_crossings` null: never zeros. `carriers_serving` names the carriers whose ' +
    'published routes cross here (inferred on the road graph from the stops either side of the border) and, as `return_routes`, those ' +
    'published the other way, whose return is taken to cross here (a network publishes one trip per route), and `bus_wait` the bus ' +
    'queue of this crossing and direction from the waits the service holds. Asked at another vehicle type\'s checkpoint, the `note` ' +
    'names the bus checkpoint of its crossing and direction. `ppid=all` aggregates every checkpoint.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  input: BusCarriersInput,
  output: BusCarriersOutput,
  cacheTtlMs: 5 * 60_000,
  dataVersion: (input, deps) => `${deps.versions.dataset('bus')}|${input.ppid === 'all' ? '' : liveVersion(deps)}`,
  selfCheck: (deps) => ({ ppid: deps.repos.directory.all().find((c) => c.crossing_type === 6)?.ppid ?? 'all' }),
  // Carrier statistics come from crossing records; routes alone answer only which carriers pass.
  emptiness: (deps) => (deps.repos.bus.anyHeld(null) ? null
    : 'holds no bus crossing record: carrier statistics have no source yet (the routes through each crossing are answered)'),
  handler(input, deps) {
    const checkpoint = input.ppid === 'all' ? null : checkpointOr404(deps, input.ppid);
    const scope = checkpoint?.ppid ?? null;
    const now = deps.now();
    const from = new Date(now.getTime() - input.days * 86_400_000).toISOString();
    const rows = deps.repos.bus.crossings(scope, from, now.toISOString());
    const carriers = carrierStats(rows.map((r) => ({ carrier: r.carrier, arrivedMs: Date.parse(r.arrived_at), crossedMs: Date.parse(r.crossed_at) })),
      input.min_crossings, input.limit);
    const serving = new Map<string, { carrier: string; routes: Set<string>; returns: Set<string>; source: string }>();
    const add = (ppid: string | null, list: 'routes' | 'returns') => {
      for (const s of deps.repos.bus.serving(ppid)) {
        const key = `${s.carrier}\u0000${s.source}`;
        const entry = serving.get(key) ?? { carrier: s.carrier, routes: new Set<string>(), returns: new Set<string>(), source: s.source };
        entry[list].add(s.route);
        serving.set(key, entry);
      }
    };
    add(scope, 'routes');
    // A route is published one way; on its way back it is taken to cross at this crossing's other direction.
    const counterpart = checkpoint && deps.repos.directory.all().find((c) => c.location_id === checkpoint.location_id
      && c.crossing_type === checkpoint.crossing_type && c.origin === checkpoint.destination && c.destination === checkpoint.origin);
    if (counterpart) add(counterpart.ppid, 'returns');
    const available = rows.length > 0;
    const records = available ? null
      : deps.repos.bus.anyHeld(scope) ? `No bus crossing record in the last ${input.days} days; older records are held.`
        : `No bus crossing records are held${scope ? ' for this checkpoint' : ''}: carriers' crossings come in through bdds import bus-crossings.`;
    // Routes and records belong to bus checkpoints: another vehicle type's is answered, and says where buses cross.
    const bus = checkpoint && checkpoint.crossing_type !== BUS ? busCheckpointOf(deps, checkpoint) : null;
    const busQueue = checkpoint ? busWait(deps, checkpoint, input.days) : null;
    const notBus = !checkpoint || checkpoint.crossing_type === BUS ? null
      : bus ? `${checkpoint.ppid} is not a bus checkpoint: buses cross at ${bus.ppid} (this crossing and direction)` +
        `${busQueue ? ', whose queue bus_wait gives' : ''}; ask there for its carriers.`
        : `${checkpoint.ppid} is not a bus checkpoint, and this crossing has none in this direction.`;
    const note = [notBus, records].filter(Boolean).join(' ') || undefined;
    return {
      data: {
        ppid: input.ppid, period_days: input.days, total_crossings: available ? rows.length : null, data_available: available, carriers,
        carriers_serving: [...serving.values()].map((s) => ({
          carrier: s.carrier, routes: [...s.routes].sort(), return_routes: [...s.returns].filter((r) => !s.routes.has(r)).sort(), source: s.source,
        })),
        bus_wait: busQueue,
        generated_at: now.toISOString(), ...(note ? { note } : {}),
      },
      credits: creditsOf([...serving.values()].map((s) => s.source)),
    };
  },
});
