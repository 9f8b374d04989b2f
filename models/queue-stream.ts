/** `queue-stream` (docs/alerts.md): the readings of up to 20 checkpoints, then every new one as an event. */
import { z } from 'zod';
import { DataQuality, MAX_MULTI_PPIDS, TypeOfData } from './queue.js';
import { commaList, ppid } from './query.js';

export const QueueStreamInput = z.object({
  ppid: commaList(ppid(), MAX_MULTI_PPIDS, 'too_many_ppids').describe('comma-separated ppids, at most 20'),
});
export type QueueStreamInput = z.output<typeof QueueStreamInput>;

/** One reading of one checkpoint, as each event of the stream carries it. */
export const StreamReading = z.object({
  ppid: z.string(),
  at: z.string().describe('when the reading was taken'),
  queue_now: z.number().nullable(),
  wait_min: z.number().nullable(),
  wait_time_estimated: z.boolean(),
  data_quality: DataQuality,
  source: z.string(),
  type_of_data: TypeOfData,
  is_realtime: z.boolean(),
});
export type StreamReading = z.output<typeof StreamReading>;

export const QueueStreamOutput = z.object({
  readings: z.array(StreamReading).describe('the latest reading of each checkpoint that has one, oldest first'),
  without_readings: z.array(z.string()).describe('ppids with no reading yet'),
});
export type QueueStreamOutput = z.output<typeof QueueStreamOutput>;
