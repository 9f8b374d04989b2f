/**
 * Assistant understanding accuracy (`npx tsx bench/assistant-eval.ts [--verbose] [lang ...]`): runs every
 * evaluation set of test/fixtures/assistant/ (real-world questions as drivers write them: typos, no
 * diacritics, transliteration, mixed languages) through the assistant's understanding over the bundled
 * directory, and prints per language the questions, intent accuracy, entity accuracy and how often the
 * question's language was detected, against the targets (90 % intent and entities for the major
 * languages). `--verbose` lists every miss with what differed.
 */
import { fileURLToPath } from 'node:url';
import { evaluateSet, MAJOR_LANGS, type LangScore } from '../services/assistant/evaluate.js';
import { FIXED_NOW } from '../test/helpers/constants.js';
import { bundledDirectory, evalSets } from '../test/helpers/assistant-eval.js';

async function main(args: string[]) {
  const verbose = args.includes('--verbose');
  const only = args.filter((a) => !a.startsWith('--'));
  const { directory, keyOf, close } = bundledDirectory();
  const now = new Date(FIXED_NOW);
  const scores: LangScore[] = [];
  const started = performance.now();
  for (const set of evalSets().filter((s) => only.length === 0 || only.includes(s.lang))) scores.push(await evaluateSet(set, directory, now, keyOf));
  const ms = performance.now() - started;
  close();
  const pct = (v: number) => `${(v * 100).toFixed(1)} %`.padStart(8);
  console.log('lang  major     n    intent  entities  language  target');
  for (const s of scores.sort((a, b) => Number(MAJOR_LANGS.includes(b.lang)) - Number(MAJOR_LANGS.includes(a.lang)) || a.lang.localeCompare(b.lang))) {
    const major = MAJOR_LANGS.includes(s.lang);
    const met = !major || (s.intent >= 0.9 && s.entities >= 0.9 && s.n >= 30);
    console.log(`${s.lang.padEnd(5)} ${(major ? 'yes' : '').padEnd(5)} ${String(s.n).padStart(5)} ${pct(s.intent)} ${pct(s.entities)}  ${pct(s.language)}  ${major ? (met ? 'met' : 'MISSED') : '-'}`);
    if (verbose) for (const r of s.results.filter((x) => x.errors.length > 0)) console.log(`        ${r.case.q}\n          ${r.errors.join('; ')}`);
  }
  const all = scores.flatMap((s) => s.results);
  const share = (f: (r: (typeof all)[number]) => boolean) => pct(all.filter(f).length / Math.max(1, all.length));
  console.log(`all         ${String(all.length).padStart(5)} ${share((r) => r.intentOk)} ${share((r) => r.entitiesOk)}  ${share((r) => r.langOk)}`);
  console.log(`(${(ms / Math.max(1, all.length)).toFixed(1)} ms a question, the language detector's first load included)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));
