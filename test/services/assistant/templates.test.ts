/**
 * The answer templates of the 24 languages (data/assistant/templates/, read by lexicon.ts): each text has the
 * English text's placeholders, no more and no fewer (a lost `{count}` would drop a figure from an answer, an
 * extra one would print as braces), and none says the same as another key of its language.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { LANGUAGES } from '../../../models/languages.js';
import { TEMPLATE_KEYS } from '../../../models/assistant.js';
import { assistantData } from '../../../services/assistant/lexicon.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

it('every language has every text with the English placeholders', () => {
  const { templates } = assistantData();
  for (const lang of LANGUAGES) {
    const text = templates.get(lang)!.text;
    for (const key of TEMPLATE_KEYS) {
      assert.deepEqual(placeholders(text[key]), placeholders(templates.get('en')!.text[key]), `${lang}.${key}: placeholders`);
    }
  }
  // The ranking's sentences, added together, each say something of their own.
  const ranking = ['border_wait_intro', 'border_wait_intro_latest', 'border_queue_only', 'border_unread_count', 'border_unforecast_count',
    'price_legal_maximum', 'price_station_mean'] as const;
  for (const lang of LANGUAGES) assert.equal(new Set(ranking.map((k) => templates.get(lang)!.text[k])).size, ranking.length, lang);
});

/** The texts written most recently for every language (a missing word, a wait in alternatives, road-specific bans). */
const NEWEST_KEYS = ['no_data', 'alt_line_arrival', 'alt_intro_nowait', 'alt_line_nowait', 'bans_road_specific', 'bans_intro_day', 'bans_none_day'] as const;

it('every language says the newest texts in its own words, not in English', () => {
  const { templates } = assistantData();
  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    for (const key of NEWEST_KEYS) assert.notEqual(templates.get(lang)!.text[key], templates.get('en')!.text[key], `${lang}.${key}`);
  }
});
