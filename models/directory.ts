/** The bundled checkpoint directory (data/bundled/directory.json), validated when it is loaded. */
import { z } from 'zod';

export const NameEntry = z.object({
  lang: z.string(),
  name: z.string(),
  /** The name as an authority publishes it (not derived by this project). */
  official: z.boolean(),
  /** How the name was obtained: `source:<name>` (published), `latin-shared` (the published English name), `translit-kmu2010` (romanised), `cyrillic-shared` ... */
  method: z.string(),
  /** The name shown for this language (one per language). */
  primary: z.boolean(),
});
export type NameEntry = z.infer<typeof NameEntry>;

export const DirectoryCheckpoint = z.object({
  ppid: z.string(),
  origin: z.number().int(),
  destination: z.number().int(),
  crossing_type: z.number().int().min(4).max(9),
  timezone: z.string(),
  status: z.enum(['open', 'closed', 'inactive']),
  /** Why this crossing is listed for this vehicle type (the source text or series that says so). */
  types_basis: z.string(),
});
export type DirectoryCheckpoint = z.infer<typeof DirectoryCheckpoint>;

export const DirectoryLocation = z.object({
  location_id: z.number().int(),
  key: z.string(),
  neighbour: z.string().length(2),
  lat: z.number(),
  lon: z.number(),
  names: z.array(NameEntry),
  /** Identifiers of this location in source feeds: `pl-ua` crossing id, eCherha queue ids with their vehicle type. */
  source_ids: z.object({
    pl_ua: z.string().optional(),
    echerha: z.array(z.object({ id: z.number().int(), crossing_type: z.number().int(), special: z.boolean() })).default([]),
  }),
  checkpoints: z.array(DirectoryCheckpoint),
});
export type DirectoryLocation = z.infer<typeof DirectoryLocation>;

export const Directory = z.object({
  built_from: z.array(z.string()),
  locations: z.array(DirectoryLocation),
  unmatched: z.array(z.string()),
});
export type Directory = z.infer<typeof Directory>;
