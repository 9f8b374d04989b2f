/**
 * The date-holidays library, loaded on first use (its data take ~150 ms to load: a process that never
 * asks for a holiday, such as most command-line calls, never pays for it).
 */
import { createRequire } from 'node:module';
import type Holidays from 'date-holidays';

let lib: typeof Holidays | null = null;

export function holidaysLib(): typeof Holidays {
  lib ??= createRequire(import.meta.url)('date-holidays') as typeof Holidays;
  return lib;
}
