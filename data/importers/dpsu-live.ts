/**
 * The State Border Guard Service of Ukraine's (DPSU) border map, live: `GET https://dpsu.gov.ua/uk/map`,
 * the same page border-queue-logger scrapes (its `dpsu_scraper.py`; data/importers/dpsu.ts reads the CSV
 * that logger writes). There is no API: the page is server-rendered and each checkpoint is one
 * `<option>` of `<select id="by_name">` whose `data-*` attributes carry the figures:
 *
 * - `data-country="poland"` and `data-type="car"`: the Polish road crossings (the rest is other borders,
 *   rail, air, sea);
 * - `value` (= the option's text): the crossing's Ukrainian name, the only identifier (no id, no slug);
 * - `data-state_of_busy`: Ukrainian status text, three parts joined by a raw `<br>`:
 *   `Кількість легкових авто перед ППр: N <br> Швидкість оформлення легкових авто: N авто/год <br>
 *   Кількість вантажних авто перед ППр: N` (cars waiting, cars cleared per hour, trucks waiting); a part
 *   may be a sentence instead of a number (`Пропуск легкових автомобілів тимчасово не здійснюється`: cars
 *   not processed) or empty, which is a missing value, not zero;
 * - `data-created_at`: when DPSU updated it, `YYYY-MM-DD HH:MM:SS` in Kyiv local time with no offset.
 *
 * The readings are those data/importers/dpsu.ts makes of the logger's row of the same update, so a poll
 * and the logger's CSV store the same rows: crossing ids of the logger, leaving Ukraine (the counts are
 * of vehicles before the Ukrainian checkpoint), cars as type 4 with the car rate, trucks as type 9 (type 8
 * where the crossing takes only trucks under 7.5 t), at the source's update time converted to UTC as the
 * logger converts it (Python zoneinfo: the earlier instant of a repeated autumn hour; a time skipped in
 * spring read with the winter offset). An option without a time is stamped with `fetchedAt`, as the
 * logger stamps it with its poll time.
 *
 * A Polish road option that cannot be used is rejected with its index (1-based, among the list's
 * options) and why; an answer that is not the map at all (no crossing list, or no Polish road crossing
 * in it) throws.
 */
import { z } from 'zod';
import { emptyFeed, type ParsedFeed } from './feed.js';

/** DPSU's crossing names -> the logger's crossing ids (dpsu_scraper.py DPSU_NAME_TO_CANONICAL). */
export const DPSU_CROSSINGS: Readonly<Record<string, string>> = Object.freeze({
  'Ягодин - Дорогуськ': 'dorohusk',
  'Устилуг - Зосін': 'zosin',
  'Угринів - Долгобичув': 'dolhobyczow',
  // The only name without the Polish side's.
  'Рава-Руська автомобільний': 'hrebenne',
  'Грушів - Будомєж': 'budomierz',
  'Краківець - Корчова': 'korczowa',
  'Шегині - Медика': 'medyka',
  'Смільниця - Кросьценко': 'kroscienko',
  'Нижанковичі-Мальховіце': 'malhowice',
});

/** Polish road points on the map that are no crossing: left out, as the logger leaves them out. */
const NOT_CROSSINGS = new Set(['Лудин (пункт контролю)']); // an internal control point, not updated since 2024

/** `data-state` of an open crossing; a closed one may state no figure at all. */
const OPEN = 'відкритий';

const CARS = /легкових авто перед ППр:\s*(\d+)/;
const CAR_RATE = /оформлення легкових авто:\s*(\d+)/;
const TRUCKS = /вантажних авто перед ППр:\s*(\d+)/;
/** The count labels, numbers or not: an open crossing's status text with neither is in words the parser does not know. */
const LABELS = /легкових авто перед ППр|вантажних авто перед ППр/;

const KYIV_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** What the parser needs of a Polish road option (the attributes the logger reads). */
const CrossingOption = z.object({
  name: z.string().min(1, 'no crossing name (value or text)'),
  'data-state_of_busy': z.string(),
  'data-created_at': z.string().refine((s) => s === '' || KYIV_TIME.test(s), 'not a YYYY-MM-DD HH:MM:SS time').optional(),
  'data-state': z.string().optional(),
});

/** The crossing list: the map's options, each its position, attributes and text (at least one must be a Polish road crossing). */
const CrossingList = z.array(z.object({ index: z.number().int().positive(), attrs: z.record(z.string(), z.string()), text: z.string() }));

export function parseDpsuLive(text: string, file: string, fetchedAt: Date): ParsedFeed {
  const feed = emptyFeed('dpsu', file);
  const list = CrossingList.parse(crossingList(text));
  const polishRoad = list.filter(({ attrs }) => attrs['data-country']?.trim() === 'poland' && isRoad(attrs['data-type']));
  if (polishRoad.length === 0) {
    throw new Error(`the DPSU map lists ${list.length} checkpoints, none a Polish road crossing (data-country="poland", data-type="car"): its layout changed?`);
  }
  const fetchedS = Math.floor(fetchedAt.getTime() / 1000);
  for (const { index, attrs, text: label } of polishRoad) {
    const name = (attrs.value ?? '').trim() || label.trim();
    if (NOT_CROSSINGS.has(name)) continue;
    feed.rowsRead++;
    const reject = (reason: string) => feed.rejected.push({ file, line: index, reason: `option ${index} '${name}': ${reason}` });
    const parsed = CrossingOption.safeParse({ ...attrs, name, 'data-created_at': attrs['data-created_at']?.trim() });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      reject(issue ? `${issue.path.join('.') || 'option'}: ${issue.message}` : 'malformed');
      continue;
    }
    const crossing = DPSU_CROSSINGS[name];
    if (crossing === undefined) {
      reject(`unknown DPSU crossing '${name}' (a new or renamed crossing: add it to DPSU_CROSSINGS)`);
      continue;
    }
    const created = parsed.data['data-created_at'];
    const ts = created ? kyivToUtcSeconds(created) : fetchedS;
    if (ts === null) {
      reject(`data-created_at '${created}' is no Kyiv time`);
      continue;
    }
    const status = parsed.data['data-state_of_busy'];
    const open = (parsed.data['data-state'] ?? '').trim().toLowerCase() === OPEN;
    if (open && !LABELS.test(status)) {
      reject(`status text '${status}' names neither cars nor trucks waiting`);
      continue;
    }
    const cars = count(status, CARS);
    const rate = count(status, CAR_RATE);
    const trucks = count(status, TRUCKS);
    if (cars === null && trucks === null) {
      feed.empty++;
      continue;
    }
    if (cars !== null) {
      feed.readings.push({ line: index, reading: { crossing, from: 'UA', crossing_type: 4, ts, queue: cars, wait_min: null, rate_per_h: rate } });
    }
    if (trucks !== null) {
      feed.readings.push({ line: index, reading: { crossing, from: 'UA', crossing_type: 9, alt_type: 8, ts, queue: trucks, wait_min: null, rate_per_h: null } });
    }
  }
  return feed;
}

const count = (status: string, label: RegExp): number | null => {
  const m = label.exec(status);
  return m ? Number(m[1]) : null;
};

/** `car`, or a list of types that holds it (`["car","person"]`, seen at checkpoints of several kinds). */
function isRoad(type: string | undefined): boolean {
  const t = (type ?? '').trim();
  if (t === 'car') return true;
  if (!t.startsWith('[')) return false;
  try {
    const types: unknown = JSON.parse(t);
    return Array.isArray(types) && types.includes('car');
  } catch {
    return false;
  }
}

// --- Kyiv local time to UTC ------------------------------------------------------------------------

let kyivFormat: Intl.DateTimeFormat | undefined;

/** Kyiv's UTC offset at an instant, in seconds. */
function kyivOffsetS(tsS: number): number {
  if (!kyivFormat) {
    const options: Intl.DateTimeFormatOptions = { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' };
    try {
      kyivFormat = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'Europe/Kyiv' });
    } catch {
      kyivFormat = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'Europe/Kiev' }); // ICU before tzdata 2022b
    }
  }
  const p: Record<string, number> = {};
  for (const part of kyivFormat.formatToParts(new Date(tsS * 1000))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) / 1000 - tsS;
}

/**
 * Unix seconds of `YYYY-MM-DD HH:MM:SS` Kyiv wall time, as the logger's `kyiv_to_utc` (zoneinfo, fold 0)
 * makes it: an hour repeated in autumn is its first (summer-time) instance, a time skipped in spring is
 * read with the offset before the change. Null when it is no date-time.
 */
export function kyivToUtcSeconds(wall: string): number | null {
  const m = KYIV_TIME.exec(wall.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  const wallS = ms / 1000;
  // The offsets a day either side (DST changes are months apart): the instants whose Kyiv time is `wall`.
  const before = kyivOffsetS(wallS - 86_400);
  const after = kyivOffsetS(wallS + 86_400);
  const instants = [...new Set([before, after])].map((o) => wallS - o).filter((t) => kyivOffsetS(t) === wallS - t).sort((a, b) => a - b);
  return instants[0] ?? wallS - before;
}

// --- The crossing list out of the page ---------------------------------------------------------------

interface ListOption {
  /** 1-based position among the list's options. */
  index: number;
  attrs: Record<string, string>;
  text: string;
}

/**
 * The options of `<select id="by_name">`, each with its attributes (entities decoded once, as an HTML
 * parser does) and text. Quoted attribute values may hold `<` and `>` (the status text's raw `<br>`), so
 * tags are read attribute by attribute, never cut at the first `>`. Throws when the page has no such list.
 */
function crossingList(html: string): ListOption[] {
  let at = 0;
  for (;;) {
    const tag = nextTag(html, at, 'select');
    if (!tag) throw new Error('no <select id="by_name"> in the answer: not the DPSU map page, or its layout changed');
    at = tag.end;
    if (tag.attrs.id === 'by_name') break;
  }
  const options: ListOption[] = [];
  const close = /<\/select\s*>/gi;
  for (;;) {
    close.lastIndex = at;
    const end = close.exec(html)?.index ?? html.length;
    const tag = nextTag(html, at, 'option');
    if (!tag || tag.start > end) break;
    // The text runs to the next tag (`</option>`, or the next option: its end tag may be left out).
    const lt = html.indexOf('<', tag.end);
    const textEnd = lt === -1 ? html.length : lt;
    options.push({ index: options.length + 1, attrs: tag.attrs, text: decodeEntities(html.slice(tag.end, textEnd)) });
    at = textEnd;
  }
  return options;
}

/** The next start tag `<name ...>` from `from`: where it starts and ends, and its attributes. */
function nextTag(html: string, from: number, name: string): { start: number; end: number; attrs: Record<string, string> } | null {
  const open = new RegExp(`<${name}(?=[\\s/>])`, 'gi');
  open.lastIndex = from;
  const m = open.exec(html);
  if (!m) return null;
  const attrs: Record<string, string> = Object.create(null);
  let i = m.index + m[0].length;
  const n = html.length;
  while (i < n) {
    while (i < n && /[\s/]/.test(html[i]!)) i++;
    if (i >= n) break;
    if (html[i] === '>') return { start: m.index, end: i + 1, attrs };
    const nameStart = i;
    while (i < n && !/[\s/>=]/.test(html[i]!)) i++;
    const attr = html.slice(nameStart, i).toLowerCase();
    while (i < n && /\s/.test(html[i]!)) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < n && /\s/.test(html[i]!)) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return null; // a tag cut short: the answer is incomplete
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const start = i;
        while (i < n && !/[\s>]/.test(html[i]!)) i++;
        value = html.slice(start, i);
      }
    }
    if (!(attr in attrs)) attrs[attr] = decodeEntities(value); // the first of repeated attributes counts
  }
  return null;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}
