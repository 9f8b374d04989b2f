/**
 * `queue-stream`: the latest reading of up to 20 checkpoints. Over REST it is a Server-Sent Events stream
 * (api/rest/event-stream.ts): this answer first, then an event per new reading, resumable with
 * `Last-Event-ID`; over tRPC, MCP and the command line it answers the current readings once. Counted once
 * per call (a stream: once per connection).
 */
import type { SeriesView } from '../../data/observations-repo.js';
import { waitOf } from '../../engine/live-status.js';
import { notFound } from '../../models/errors.js';
import { QueueStreamInput, QueueStreamOutput, type StreamReading } from '../../models/queue-stream.js';
import type { ObservationRow } from '../../data/observations-repo.js';
import type { OperationDeps } from '../deps.js';
import { isRealtimeOf, nowSeconds, noReadings, typeOfDataOf } from '../live/checkpoint-live.js';
import { defineOperation } from '../operation.js';

/** A stored reading as a stream event carries it. */
export function streamReading(view: SeriesView, row: ObservationRow, nowS: number): StreamReading {
  const { waitMin, estimated } = waitOf(row);
  const type = typeOfDataOf(view);
  return {
    ppid: view.ppid, at: new Date(row.ts * 1000).toISOString(), queue_now: row.queue, wait_min: waitMin, wait_time_estimated: estimated,
    data_quality: row.data_quality, source: view.label, type_of_data: type, is_realtime: isRealtimeOf(type, nowS - row.ts),
  };
}

/**
 * The readings of `ppids` after the instant and checkpoint `after` names (`Last-Event-ID`: `<unix s>-<ppid>`),
 * in (time, ppid) order, at most `max` per checkpoint (the newest); with no `after`, the latest of each.
 */
export function readingsAfter(deps: OperationDeps, ppids: readonly string[], after: { ts: number; ppid: string } | null, max = 100) {
  const nowS = nowSeconds(deps);
  const out: { ts: number; reading: StreamReading }[] = [];
  const without: string[] = [];
  for (const ppid of ppids) {
    // The series a checkpoint is read from and its latest reading: what the live state starts from, without its
    // trend and typical-week comparison, which no event carries.
    const view = deps.repos.observations.view(ppid, nowS);
    const latest = view ? deps.repos.observations.latest(view, nowS) : null;
    if (!view || !latest) {
      without.push(ppid);
      continue;
    }
    const rows = after === null ? [latest]
      : deps.repos.observations.range(view, after.ts, latest.ts).filter((r) => r.ts > after.ts || (r.ts === after.ts && ppid > after.ppid)).slice(-max);
    for (const row of rows) out.push({ ts: row.ts, reading: streamReading(view, row, nowS) });
  }
  out.sort((a, b) => a.ts - b.ts || (a.reading.ppid < b.reading.ppid ? -1 : 1));
  return { readings: out, without };
}

/** The event id of a reading: its instant and checkpoint, in the order events are sent. */
export const streamEventId = (ts: number, ppid: string) => `${ts}-${ppid}`;

export const queueStream = defineOperation({
  name: 'queueStream',
  slug: 'queue-stream',
  summary: 'The latest readings of up to 20 checkpoints; over REST a Server-Sent Events stream of every new one',
  description: 'REST with `Accept: text/event-stream` keeps the connection open: a `snapshot` event with this answer, then a `reading` ' +
    'event per new reading with `id: <unix s>-<ppid>` (reconnect with `Last-Event-ID` to receive what came since), and a comment ' +
    'every 15 s. Counted once per connection; at most 5 open streams per key; closed when the key is revoked. Without that ' +
    'header, and over the other transports, it answers the current readings once.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  stream: true,
  credits: ['dpsu'],
  input: QueueStreamInput,
  output: QueueStreamOutput,
  cacheTtlMs: 0,
  errors: ['not_found'],
  selfCheck: (deps) => ({ ppid: deps.repos.directory.all().slice(0, 2).map((c) => c.ppid).join(',') || 'id_0' }),
  emptiness: noReadings,
  handler(input, deps) {
    const unknown = input.ppid.filter((p) => deps.repos.directory.get(p) === null);
    if (unknown.length > 0) throw notFound(`There is no checkpoint ${unknown.join(', ')}; the checkpoints product lists them.`, 'unknown_ppid');
    const { readings, without } = readingsAfter(deps, input.ppid, null);
    return { data: { readings: readings.map((r) => r.reading), without_readings: without } };
  },
});
