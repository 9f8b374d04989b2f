/**
 * The live answer of the Polish Border Guard's waiting-times service (granica.gov.pl), the upstream that
 * border-queue-logger's CSV (granica.ts) is written from. It is a SOAP service, not JSON: one POST per crossing to
 * https://granica.gov.pl/Services/czasyService/soap_granica.php (WSDL .../granica.wsdl, namespace
 * `granicaServiceOriginal`, operation `getCzasyWszystko`, SOAPAction `getCzasyWszystko`) with `jednostka` (the
 * crossing: `dorohusk` or `Dorohusk`) and `rok`, `miesiac`, `dzien`, `godzina` (the current hour in Europe/Warsaw).
 * The answer, `Envelope/Body/getCzasyWszystkoResponse/dane_out_wszystko`, holds strings:
 *   jednostka, data (`2026-08-09`, or `2026-7-1` when asked unpadded), godzina (`15`),
 *   czas_{ciezarowe,osobowe,autokary}_{wyjazd,wjazd}: the wait of trucks, cars, buses, in HOURS (`10`, `0.5`;
 *   the logger also reads `H:MM`); `0` = no wait, `-` or empty = not known (then no reading, never zero).
 * `wyjazd` = leaving Poland (from PL), `wjazd` = entering Poland (from UA): the same six values, the same crossing ids
 * and the same direction/type mapping (COLUMNS) as the logger's CSV columns, so resolve.ts maps both alike.
 *
 * Time: `data` + `godzina` are the request's date and hour sent back, not when the value was measured (the service
 * answers for hours still to come, and its values change within one hour), so a reading is stamped `fetchedAt`.
 * The echoed hour is checked instead: an answer for another Warsaw hour than the one it was fetched in is rejected.
 *
 * A body that is not this SOAP answer (not XML, `blad`, a SOAP Fault, no `dane_out_wszystko`) throws; an element
 * that cannot be used (no crossing name: the service's answer to a name it does not know; a garbled wait; another
 * hour) is rejected with its 1-based index as `line`, never thrown.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { emptyFeed, type ParsedFeed } from './feed.js';
import { COLUMNS } from './granica.js';

/** The SOAP field behind each of the logger's CSV columns (border-queue-logger scraper.py, `scrape_all`). */
const FIELDS = {
  trucks_exit_min: 'czas_ciezarowe_wyjazd', trucks_entry_min: 'czas_ciezarowe_wjazd',
  cars_exit_min: 'czas_osobowe_wyjazd', cars_entry_min: 'czas_osobowe_wjazd',
  buses_exit_min: 'czas_autokary_wyjazd', buses_entry_min: 'czas_autokary_wjazd',
} as const satisfies Record<(typeof COLUMNS)[number][0], string>;

const ZONE = 'Europe/Warsaw';
/** An answer fetched this soon after the hour may still be for the hour before (asked just before it turned). */
const HOUR_TURN_S = 120;

const xml = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, isArray: (name) => name === 'dane_out_wszystko' });

const Answer = z.object({
  Envelope: z.object({
    Body: z.object({
      getCzasyWszystkoResponse: z.object({ dane_out_wszystko: z.array(z.unknown()).min(1) }),
    }),
  }),
});
const Fault = z.object({ Envelope: z.object({ Body: z.object({ Fault: z.object({ faultstring: z.string().optional() }) }) }) });
const Str = z.string().optional();
const Row = z.object({
  jednostka: Str, data: Str, godzina: Str,
  ...Object.fromEntries(Object.values(FIELDS).map((f) => [f, Str])) as Record<(typeof FIELDS)[keyof typeof FIELDS], typeof Str>,
});

/** The crossing id of a crossing name: `Dołhobyczów` -> `dolhobyczow` (the logger's ids, resolve.ts's `pl_ua`). */
export function granicaCrossingId(name: string): string {
  return name.toLowerCase().replace(/ł/g, 'l').normalize('NFD').replace(/[^a-z0-9]/g, '');
}

/** Minutes from a wait in hours (`2`, `0.5`, `0,5`, `1:30`); null when not known (`-`, empty); undefined when garbled. */
export function granicaWaitMinutes(value: string | undefined): number | null | undefined {
  const s = (value ?? '').trim();
  if (s === '' || s === '-') return null;
  const hm = /^(\d+):([0-5]\d)$/.exec(s);
  if (hm) return Number(hm[1]) * 60 + Number(hm[2]);
  if (!/^\d+([.,]\d+)?$/.test(s)) return undefined;
  return Math.round(Number(s.replace(',', '.')) * 60);
}

const warsaw = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', hourCycle: 'h23' });
/** `2026-8-9 15`: the Warsaw date and hour of an instant, unpadded. */
function warsawHour(ms: number): string {
  const p: Record<string, string> = {};
  for (const part of warsaw.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = String(Number(part.value));
  return `${p.year}-${p.month}-${p.day} ${p.hour}`;
}

/** One getCzasyWszystko answer (one crossing); `fetchedAt` is when it was fetched, the time its readings carry. */
export function parseGranicaLive(text: string, file: string, fetchedAt: Date): ParsedFeed {
  const feed = emptyFeed('granica', file);
  if (XMLValidator.validate(text) !== true) throw new Error(`${file}: not XML (the service answers 'blad' on an error): '${text.trim().slice(0, 40)}'`);
  const doc = xml.parse(text) as unknown;
  const fault = Fault.safeParse(doc);
  if (fault.success) throw new Error(`${file}: SOAP Fault: ${fault.data.Envelope.Body.Fault.faultstring ?? 'no faultstring'}`);
  const answer = Answer.safeParse(doc);
  if (!answer.success) throw new Error(`${file}: not a getCzasyWszystko answer (no Envelope/Body/getCzasyWszystkoResponse/dane_out_wszystko)`);
  const ts = Math.floor(fetchedAt.getTime() / 1000);
  const hours = new Set([warsawHour(fetchedAt.getTime()), warsawHour(fetchedAt.getTime() - HOUR_TURN_S * 1000)]);

  answer.data.Envelope.Body.getCzasyWszystkoResponse.dane_out_wszystko.forEach((item, i) => {
    const line = i + 1;
    feed.rowsRead++;
    const parsed = Row.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      feed.rejected.push({ file, line, reason: typeof item !== 'object' || item === null
        ? 'no fields (the service answers so for a crossing name it does not know)'
        : `${issue?.path.join('.') || 'answer'}: ${issue?.message ?? 'malformed'}` });
      return;
    }
    const row = parsed.data;
    const crossing = granicaCrossingId(row.jednostka ?? '');
    if (crossing === '') {
      feed.rejected.push({ file, line, reason: 'no jednostka (the service answers so for a crossing name it does not know)' });
      return;
    }
    if (Object.values(FIELDS).every((f) => row[f] === undefined)) {
      feed.rejected.push({ file, line, reason: `${crossing}: none of the czas_* fields (the answer has changed?)` });
      return;
    }
    // The date and hour sent back: when given, they must be the Warsaw hour the answer was fetched in.
    const date = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec((row.data ?? '').trim());
    const hour = (row.godzina ?? '').trim();
    if (row.data?.trim() || hour) {
      if (!date || !/^\d{1,2}$/.test(hour) || !hours.has(`${Number(date[1])}-${Number(date[2])}-${Number(date[3])} ${Number(hour)}`)) {
        feed.rejected.push({ file, line, reason: `${crossing}: answer for '${row.data ?? ''}' hour '${hour}', not the Warsaw hour it was fetched in (${[...hours][0]})` });
        return;
      }
    }
    const waits = COLUMNS.map(([column, from, type]) => ({ field: FIELDS[column], from, type, wait: granicaWaitMinutes(row[FIELDS[column]]) }));
    // A garbled value rejects the answer whole (once), as granica.ts does with a row.
    const bad = waits.filter((w) => w.wait === undefined).map((w) => `${w.field} '${row[w.field]}'`);
    if (bad.length > 0) {
      feed.rejected.push({ file, line, reason: `${crossing}: ${bad.join(', ')} not a wait in hours` });
      return;
    }
    let any = false;
    for (const { from, type, wait } of waits) {
      if (wait === null || wait === undefined) continue;
      any = true;
      // "trucks" are all trucks: at a crossing that takes only trucks under 7.5 t they are type 8.
      feed.readings.push({ line, reading: { crossing, from, crossing_type: type, ...(type === 9 ? { alt_type: 8 } : {}), ts, queue: null, wait_min: wait, rate_per_h: null } });
    }
    if (!any) feed.empty++;
  });
  return feed;
}
