/**
 * What every part of an answer shares: the composer (figures and sources), the products' answers run
 * through `runOperation` exactly as REST gives them, the checkpoints the question means, and the
 * sentences written so far. `answer.ts` makes one per question and hands it to the intent's writer.
 */
import type { CheckpointRow } from '../../data/directory/directory-repo.js';
import type { Credit } from '../../data/credits.js';
import type { Composer } from '../../engine/assistant/compose.js';
import type { Templates } from '../../models/assistant.js';
import { COUNTRY_ISO2, countryCodeOf, countryName } from '../../models/codes.js';
import { ServiceError } from '../../models/errors.js';
import type { Lang } from '../../models/languages.js';
import type { OperationDeps } from '../deps.js';
import type { AnyOperation } from '../operation.js';
import { runOperation } from '../run-operation.js';
import type { Understanding } from './understand.js';

/** Vehicle types in the order a crossing's default is taken when none is asked. */
const VEHICLE_ORDER = [4, 9, 6, 8, 7, 5];
/** Where an example checkpoint is needed (suggestions): Medyka - Shehyni when it is held. */
export const EXAMPLE_LOCATION = 2;

export interface Called<T> {
  data: T;
  snapshot: unknown;
  meta: Record<string, unknown> | undefined;
}

export interface AnswerContext {
  c: Composer;
  deps: OperationDeps;
  lang: Lang;
  templates: Templates;
  u: Understanding;
  now: Date;
  nowIso: string;
  sentences: string[];
  credits: Set<Credit>;
  /** Set when a reading shown is the demo's replayed sample (the answer then says so once). */
  replay: boolean;
  /** False once a part of the answer could not be grounded. */
  grounded: boolean;
  /** The answer is not grounded: `text` says what is missing. */
  refuse(text: string): void;
  /** An operation's answer, exactly as REST would give it (same parsing, same handler, same cache). */
  call<T>(op: AnyOperation, raw: Record<string, unknown>): Promise<Called<T>>;
  countryLabel(iso: string): string;
  /** `Name (vehicle, from → to)`. */
  checkpointText(row: CheckpointRow): string;
  /** The checkpoints meant: vehicle type as asked (else the context's, else cars), the direction as asked (else both, or leaving Ukraine). */
  rowsFor(both: boolean): CheckpointRow[];
  needCheckpoint(): void;
}

export const isNotFound = (err: unknown) => err instanceof ServiceError && err.code === 'not_found';

export function createContext(c: Composer, u: Understanding, lang: Lang, templates: Templates, deps: OperationDeps): AnswerContext {
  const dir = deps.repos.directory;
  const now = deps.now();
  const e = u.entities;
  const countryLabel = (iso: string) => countryName(iso, lang);
  // A country number without a code is said to be unknown in words, never `?`.
  const sideLabel = (code: number) => (COUNTRY_ISO2[code] ? countryLabel(COUNTRY_ISO2[code]) : c.fill('no_data'));
  const ctx: AnswerContext = {
    c, deps, lang, templates, u, now, nowIso: now.toISOString(), sentences: [], credits: new Set(), replay: false, grounded: true,
    refuse(text) {
      ctx.grounded = false;
      ctx.sentences.push(text);
    },
    async call<T>(op: AnyOperation, raw: Record<string, unknown>): Promise<Called<T>> {
      const { result, fragment } = await runOperation(op, op.input.parse(raw), deps);
      for (const credit of [...(op.credits ?? []), ...(result.credits ?? [])]) ctx.credits.add(credit);
      // The cached members as REST sends them (`"data":...,"snapshot":...`), read back.
      const { data, snapshot } = JSON.parse(`{${fragment}}`) as { data: T; snapshot?: unknown };
      return { data, snapshot, meta: result.meta };
    },
    countryLabel,
    checkpointText: (row) => c.fill('checkpoint', {
      name: c.name(dir.name(row.location_id, lang)), vehicle: templates.vehicles[String(row.crossing_type) as '4'],
      from: sideLabel(row.origin), to: sideLabel(row.destination),
    }),
    rowsFor(both) {
      if (!e.checkpoint) return [];
      const here = dir.atLocation(e.checkpoint.location_id);
      const context = u.contextPpid ? dir.get(u.contextPpid) : null;
      const sameLocation = context && context.location_id === e.checkpoint.location_id ? context : null;
      const types = new Set(here.map((r) => r.crossing_type));
      const type = e.vehicle !== null && types.has(e.vehicle) ? e.vehicle
        : sameLocation ? sameLocation.crossing_type : VEHICLE_ORDER.find((t) => types.has(t)) ?? here[0]?.crossing_type;
      let rows = here.filter((r) => r.crossing_type === type);
      if (e.direction) {
        const from = e.direction.from ? countryCodeOf(e.direction.from) : null;
        const to = e.direction.to ? countryCodeOf(e.direction.to) : null;
        const directed = rows.filter((r) => (from === null || r.origin === from) && (to === null || r.destination === to));
        if (directed.length > 0) rows = directed;
      } else if (sameLocation && sameLocation.crossing_type === type) {
        rows = rows.filter((r) => r.origin === sameLocation.origin);
      }
      rows.sort((a, b) => (a.origin === 1 ? 0 : 1) - (b.origin === 1 ? 0 : 1));
      return both ? rows : rows.slice(0, 1);
    },
    needCheckpoint() {
      const example = dir.atLocation(EXAMPLE_LOCATION).length > 0 ? dir.name(EXAMPLE_LOCATION, lang) : dir.name(dir.all()[0]?.location_id ?? 0, lang);
      ctx.refuse(c.fill('need_checkpoint', { example: c.name(example) }));
    },
  };
  return ctx;
}
