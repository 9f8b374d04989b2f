/**
 * The day and hour a question is about, in the checkpoint's zone: chrono-node for the languages it
 * parses (en, de, fr, it, ru, uk: "next Friday at 8pm", "25 грудня"), then the lexicons for every
 * language (today, tomorrow, weekdays, the weekend, parts of the day, an hour after "at"/"o"/"um" or before
 * "h"/"uhr", a day with a month name from Intl, `25.12`).
 */
import * as chrono from 'chrono-node';
import { addDays, weekdayOf } from '../calendar.js';
import { localParts } from '../local-time.js';
import { offsetAt } from '../zone-offsets.js';
import type { AssistantWhen, PartOfDay } from '../../models/assistant.js';
import type { Lang } from '../../models/languages.js';
import { fold, tokenize, type Token } from './text.js';

interface HitLike {
  pattern: { slot: string };
  at: number;
  len: number;
}

const CHRONO: Partial<Record<Lang, chrono.Chrono>> = {
  en: chrono.en.casual, de: chrono.de.casual, fr: chrono.fr.casual, it: chrono.it.casual, ru: chrono.ru.casual, uk: chrono.uk.casual,
};

/** Hours at which a part of the day is over (asked later, it means tomorrow's). */
const PART_ENDS: Record<PartOfDay, number> = { morning: 12, afternoon: 18, evening: 23, night: 24 };

const pad = (n: number) => String(n).padStart(2, '0');

/** The date of `day`.`month` on or after `today` (this year or next). */
function dayMonth(today: string, day: number, month: number): string | null {
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  let year = Number(today.slice(0, 4));
  let iso = `${year}-${pad(month)}-${pad(day)}`;
  if (iso < today) iso = `${++year}-${pad(month)}-${pad(day)}`;
  return new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) === iso ? iso : null;
}

export function parseWhen(question: string, tokens: readonly Token[], hits: readonly HitLike[],
  options: { now: Date; zone: string; lang: Lang | null; nameTokens: ReadonlySet<number> }): AssistantWhen | null {
  const local = localParts(Math.floor(options.now.getTime() / 1000), options.zone);
  const today = local.date;
  let date: string | null = null;
  let hour: number | null = null;
  let part: PartOfDay | null = null;

  const of = (slot: string) => hits.filter((h) => h.pattern.slot === slot || h.pattern.slot.startsWith(`${slot}:`));
  const covered = (slot: string, t: number) => of(slot).some((h) => t >= h.at && t < h.at + h.len);
  const parser = options.lang ? CHRONO[options.lang] : undefined;
  if (parser) {
    const nowWords = new Set(tokens.filter((_, t) => covered('now', t)).map((t) => t.w));
    for (const r of parser.parse(question, { instant: options.now, timezone: Math.round(offsetAt(options.now.getTime() / 1000, options.zone) / 60) }, { forwardDate: true })) {
      if (/^\s*\d+\s*$/.test(r.text)) continue;
      // "now" is the present, not a forecast for this hour.
      if (tokenize(fold(r.text)).every((t) => nowWords.has(t.w))) continue;
      const s = r.start;
      // A weekday alone is read as the lexicons read it (today when it is that day), the same in every language;
      // but "next Sunday" asked on a Sunday is not today: read without looking forward, the parser puts "next" a
      // week on ("on Sunday" stays today), and a week on from today is taken.
      if (s.isCertain('weekday') && !s.isCertain('day')) {
        const plain = parser.parse(r.text, { instant: options.now, timezone: Math.round(offsetAt(options.now.getTime() / 1000, options.zone) / 60) })[0];
        const iso = plain ? localParts(Math.floor(plain.start.date().getTime() / 1000), options.zone).date : null;
        if (date === null && iso !== null && addDays(iso, -7) === today) date = iso;
        continue;
      }
      if (date === null && s.isCertain('day')) {
        const iso = `${s.get('year')}-${pad(s.get('month')!)}-${pad(s.get('day')!)}`;
        if (iso >= today) date = iso;
      }
      if (hour === null && s.isCertain('hour') && /\d/.test(r.text)) hour = s.get('hour')!;
    }
  }

  if (date === null) {
    const day = of('day').sort((a, b) => Number(b.pattern.slot.slice(4)) - Number(a.pattern.slot.slice(4)))[0];
    const weekday = of('weekday')[0];
    if (day) date = addDays(today, Number(day.pattern.slot.slice(4)));
    else if (weekday) date = addDays(today, (Number(weekday.pattern.slot.slice(8)) - weekdayOf(today) + 7) % 7);
    else if (of('weekend').length > 0) date = addDays(today, local.weekday >= 5 ? 0 : 5 - local.weekday);
  }
  if (date === null) {
    for (const h of of('month')) {
      const month = Number(h.pattern.slot.slice(6));
      for (const t of [h.at - 1, h.at + h.len]) {
        const w = tokens[t]?.w;
        if (w && /^\d{1,2}$/.test(w)) date ??= dayMonth(today, Number(w), month);
      }
    }
  }
  for (const [t, token] of tokens.entries()) {
    if (options.nameTokens.has(t)) continue;
    const w = token.w;
    const marked = covered('hour_before', t - 1) || covered('hour_after', t + 1);
    let m = /^(\d{1,2})[:.](\d{2})$/.exec(w);
    if (m && (w.includes(':') || marked) && Number(m[1]) <= 24 && Number(m[2]) < 60) {
      hour ??= Number(m[1]) % 24;
      continue;
    }
    m = /^(\d{1,2})\.(\d{1,2})(?:\.(\d{2,4}))?\.?$/.exec(w);
    if (m) {
      date ??= dayMonth(today, Number(m[1]), Number(m[2]));
      continue;
    }
    if (/^\d{1,2}$/.test(w) && marked && Number(w) <= 24) {
      hour ??= Number(w) % 24;
      if (tokens[t + 1]?.w === 'pm' && hour < 12) hour += 12;
    }
  }
  const parts = of('part').sort((a, b) => b.len - a.len);
  if (parts[0]) part = parts[0].pattern.slot.slice(5) as PartOfDay;
  if (hour !== null && part !== null) {
    if ((part === 'afternoon' && hour <= 6) || (part === 'evening' && hour <= 11) || (part === 'night' && hour >= 6 && hour <= 11)) hour += 12;
    part = null;
  }
  if (date === null && hour === null && part === null) return null;
  if (date === null) {
    const over = hour !== null ? hour < local.hour : part !== null && local.hour >= PART_ENDS[part];
    date = over ? addDays(today, 1) : today;
  }
  return { date, hour, part };
}
