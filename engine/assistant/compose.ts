/**
 * Writing an answer from a language's templates. Numbers, times and dates are formatted with Intl in the
 * answer's language and enter the text only as figures: each is recorded with its value, unit, the exact
 * text written and the source it came from. Templates hold no digits (checked when they are loaded), so
 * every digit of an answer is some figure's.
 */
import { localParts } from '../local-time.js';
import type { AssistantFigure, AssistantSource, Templates } from '../../models/assistant.js';
import type { Lang } from '../../models/languages.js';

type TemplateKey = keyof Templates['text'];

export class Composer {
  readonly figures: AssistantFigure[] = [];
  readonly sources: AssistantSource[] = [];
  /** Names written into the answer (checkpoints, places): text, not figures, though a name may hold a digit. */
  readonly names: string[] = [];
  private readonly numbers: Intl.NumberFormat;
  private readonly units: Record<'hour' | 'minute', Intl.NumberFormat>;
  /** Clock times (`08:00`), formatted as UTC wall times of one day. */
  private readonly clockTime: Intl.DateTimeFormat;

  /** `today`: the UTC date of the answer (dates of another year are written with their year). */
  constructor(readonly lang: Lang, readonly t: Templates, private readonly today = '') {
    this.numbers = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
    const unit = (u: 'hour' | 'minute') => new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'short' });
    this.units = { hour: unit('hour'), minute: unit('minute') };
    this.clockTime = new Intl.DateTimeFormat(lang, { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }

  /** The index of a source (each product and ppid once). */
  source(product: string, asOf: string, ppid?: string): number {
    const at = this.sources.findIndex((s) => s.product === product && s.ppid === ppid);
    if (at >= 0) return at;
    this.sources.push({ product, ...(ppid ? { ppid } : {}), as_of: asOf });
    return this.sources.length - 1;
  }

  private figure(label: string, value: number | string, unit: string | null, text: string, source: number): string {
    this.figures.push({ label, value, unit, text, source });
    return text;
  }

  name(text: string): string {
    this.names.push(text);
    return text;
  }

  /** A plain number (vehicles, reports). */
  count(label: string, value: number, source: number): string {
    return this.figure(label, value, null, this.numbers.format(Math.round(value)), source);
  }

  /** A duration: `45 min`, `2 h 5 min` (Intl units in the answer's language). */
  minutes(label: string, value: number, source: number): string {
    const total = Math.max(0, Math.round(value));
    const unit = (u: 'hour' | 'minute', n: number) => this.units[u].format(n);
    const text = total < 60 ? unit('minute', total) : `${unit('hour', Math.floor(total / 60))}${total % 60 ? ` ${unit('minute', total % 60)}` : ''}`;
    return this.figure(label, total, 'min', text, source);
  }

  /** How old a reading or price is: whole days from two days on, else whole hours (Intl units, long form). */
  age(label: string, ageMs: number, source: number): string {
    const hours = Math.max(1, Math.floor(ageMs / 3_600_000));
    const [unit, n] = hours >= 48 ? ['day', Math.floor(hours / 24)] as const : ['hour', hours] as const;
    const text = new Intl.NumberFormat(this.lang, { style: 'unit', unit, unitDisplay: 'long' }).format(n);
    return this.figure(label, n, unit === 'day' ? 'd' : 'h', text, source);
  }

  /** A value written exactly as a request carries it (`180` in a JSON body, a ppid), not formatted for reading. */
  literal(label: string, value: number | string, unit: string | null, source: number): string {
    return this.figure(label, value, unit, String(value), source);
  }

  price(label: string, value: number, currency: string, source: number): string {
    const text = new Intl.NumberFormat(this.lang, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(value);
    return this.figure(label, value, currency, text, source);
  }

  /** A number with a unit text the templates give (`7,5` in `over {weight} t`). */
  quantity(label: string, value: number, unit: string, source: number): string {
    return this.figure(label, value, unit, this.numbers.format(value), source);
  }

  /** An instant's local time, with the date when it is not on `today`. */
  instant(label: string, iso: string, zone: string, today: string, source: number): string {
    const d = new Date(iso);
    const day = localParts(Math.floor(d.getTime() / 1000), zone).date;
    const text = new Intl.DateTimeFormat(this.lang, {
      timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(day === today ? {} : { day: 'numeric', month: 'long' }),
    }).format(d);
    return this.figure(label, iso, 'time', text, source);
  }

  /** A local clock hour (`08:00`). */
  hour(label: string, hour: number, source: number): string {
    const text = this.clockTime.format(new Date(Date.UTC(2026, 0, 5, hour % 24)));
    return this.figure(label, `${String(hour % 24).padStart(2, '0')}:00`, 'hour', text, source);
  }

  /** A clock time as a source writes it (`22:00`), in the answer's form. */
  clock(label: string, hhmm: string, source: number): string {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    const text = h === 24 ? this.clockTime.format(new Date(Date.UTC(2026, 0, 5, 0, 0))).replace(/^00/, '24')
      : this.clockTime.format(new Date(Date.UTC(2026, 0, 5, h, m)));
    return this.figure(label, hhmm, 'time', text, source);
  }

  /** A local date `YYYY-MM-DD` with its weekday. */
  date(label: string, iso: string, source: number, long = true): string {
    const otherYear = this.today !== '' && iso.slice(0, 4) !== this.today.slice(0, 4);
    const text = new Intl.DateTimeFormat(this.lang, {
      timeZone: 'UTC', weekday: long ? 'long' : 'short', day: 'numeric', month: long ? 'long' : 'short', ...(otherYear ? { year: 'numeric' } : {}),
    }).format(new Date(`${iso}T12:00:00Z`));
    return this.figure(label, iso, 'date', text, source);
  }

  /** A value a source holds as text and which may carry digits (a road's name, `E40`). */
  identifier(label: string, value: string, source: number): string {
    return /\p{Nd}/u.test(value) ? this.figure(label, value, null, value, source) : value;
  }

  /** The sentence with its first letter in upper case; a figure it starts with is written so too. */
  sentence(text: string): string {
    // A sentence that ends in a value's own point (`Umweg 15 Min.`) takes no second one.
    const ended = text.replace(/\.\.$/u, '.');
    const out = sentence(ended, this.lang);
    if (out !== ended) for (const f of this.figures) if (ended.startsWith(f.text)) f.text = sentence(f.text, this.lang);
    return out;
  }

  /**
   * A template with its `{placeholders}` filled (the values are already written: figures or names). A value that
   * ends in a point (`22 nov.`) takes the place of the template's own after it: never `nov..`.
   */
  fill(key: TemplateKey, vars: Record<string, string> = {}): string {
    return this.t.text[key].replace(/\{(\w+)\}(\.?)/g, (whole, k: string, point: string) => {
      const value = vars[k];
      if (value === undefined) return whole;
      return value.endsWith('.') ? value : value + point;
    });
  }
}

/** The sentence with its first letter in upper case (a sentence may start with a weekday from Intl). */
export function sentence(text: string, lang: string): string {
  return text.length === 0 ? text : text[0]!.toLocaleUpperCase(lang) + text.slice(1);
}

/** Digits of `text` that are in no figure (nor in a name it writes): empty for a grounded answer. */
export function ungroundedNumbers(text: string, figures: readonly { text: string }[], names: readonly string[] = []): string[] {
  let rest = text;
  for (const known of [...figures.map((f) => f.text), ...names].filter((s) => s.length > 0).sort((a, b) => b.length - a.length)) {
    rest = rest.split(known).join(' ');
  }
  return rest.match(/\p{Nd}+(?:[.,:]\p{Nd}+)*/gu) ?? [];
}
