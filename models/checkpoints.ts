/** `checkpoints` (the directory) and `search` (names in any language). */
import { z } from 'zod';
import { countryId } from './country-param.js';
import { commaList, lang, text } from './query.js';
import { DataQuality, Freshness } from './queue.js';

export const CheckpointsInput = z.object({
  country: countryId().optional().describe('country number (1-23) or ISO-2 code; matches either side of the border'),
  lang: lang('en').describe('language of names (default en)'),
});
export type CheckpointsInput = z.infer<typeof CheckpointsInput>;

export const CheckpointEntry = z.object({
  ppid: z.string(),
  location_id: z.number().int(),
  name: z.string(),
  origin: z.number().int(),
  destination: z.number().int(),
  crossing_type: z.number().int(),
  lat: z.number(),
  lon: z.number(),
  timezone: z.string(),
  status: z.enum(['open', 'closed', 'inactive']),
  has_live_data: z.boolean(),
  last_observation: z.string().nullable(),
  freshness: Freshness.nullable(),
  data_quality: DataQuality.nullable(),
  has_day_stats: z.boolean(),
  redirect_to: z.string().optional(),
  /** The public page of the source this checkpoint's readings come from; null when it has none (or no readings). */
  source_url: z.string().nullable(),
});

export const CheckpointsOutput = z.object({ checkpoints: z.array(CheckpointEntry), count: z.number().int() });
export type CheckpointsOutput = z.infer<typeof CheckpointsOutput>;

export const MAX_SEARCH_NAMES = 20;

export const SearchInput = z.object({
  name: commaList(text(100), MAX_SEARCH_NAMES, 'too_many_names').describe('one name or a comma-separated list (at most 20), any language'),
  lang: lang('en').describe('language of returned names (default en)'),
});
export type SearchInput = z.infer<typeof SearchInput>;

export const SearchMatch = z.object({
  location_id: z.number().int(),
  name: z.string(),
  matched_name: z.string(),
  country_pair: z.tuple([z.number().int(), z.number().int()]),
  by_type: z.record(z.string(), z.array(z.string())),
  /** One row per checkpoint at the location (the established service's `matches[].ppid`); `by_type` groups the same ppids. */
  ppid: z.array(z.object({
    ppid: z.string(),
    crossing_type: z.number().int(),
    origin: z.number().int(),
    destination: z.number().int(),
    status: z.enum(['open', 'closed', 'inactive']),
  })),
});

export const SearchOutput = z.object({
  results: z.array(z.object({
    query: z.string(),
    /** Matching locations (`matches.length`). */
    count: z.number().int(),
    /** Checkpoints (ppids) over all matches: what the established service calls `count` (docs/migrating.md). */
    ppid_count: z.number().int(),
    matches: z.array(SearchMatch),
  })),
});
export type SearchOutput = z.infer<typeof SearchOutput>;
