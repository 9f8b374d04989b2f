/**
 * Assistant understanding accuracy (`npx tsx bench/assistant-eval.ts [--verbose] [--answers] [lang ...]`):
 * runs both parts of the evaluation set through the assistant's understanding over the bundled directory
 * (test/fixtures/assistant/: the development part the lexicons are tuned on, and `held-out/`, written
 * before the understanding it measures): real-world questions as drivers write them (typos, no
 * diacritics, transliteration, mixed languages). Prints per language the questions, intent accuracy,
 * entity accuracy and how often the question's language was detected (targets: 90 % intent and entities
 * per major language; 97 % intent on the held-out part), then per intent, and per language and intent.
 * `--verbose` lists every miss. `--answers` also asks the held-out questions of the real service at
 * FIXED_NOW, once with the day's models fitted and once before the first fit, and counts the grounded
 * answers and those without a source (the clock is injected: the same run gives the same figures).
 */
import { fileURLToPath } from 'node:url';
import { byIntent, evaluateSet, MAJOR_LANGS, type CaseResult, type LangScore } from '../services/assistant/evaluate.js';
import { FIXED_NOW } from '../test/helpers/constants.js';
import { answerSets, bundledDirectory, evalSets } from '../test/helpers/assistant-eval.js';

const pct = (v: number) => `${(v * 100).toFixed(1)} %`.padStart(8);

/** `heldOut`: the part's target is 97 % intent over all its questions (a language holds too few for its own). */
function table(title: string, scores: LangScore[], verbose: boolean, heldOut: boolean) {
  console.log(`\n${title}\nlang  major     n    intent  entities  language  target`);
  for (const s of scores.sort((a, b) => Number(MAJOR_LANGS.includes(b.lang)) - Number(MAJOR_LANGS.includes(a.lang)) || a.lang.localeCompare(b.lang))) {
    const major = MAJOR_LANGS.includes(s.lang);
    const met = !major || (s.intent >= 0.9 && s.entities >= 0.9 && s.n >= 30);
    const target = heldOut || !major ? '-' : met ? 'met' : 'MISSED';
    console.log(`${s.lang.padEnd(5)} ${(major ? 'yes' : '').padEnd(5)} ${String(s.n).padStart(5)} ${pct(s.intent)} ${pct(s.entities)}  ${pct(s.language)}  ${target}`);
    if (verbose) for (const r of s.results.filter((x) => x.errors.length > 0)) console.log(`        ${r.case.q}\n          ${r.errors.join('; ')}`);
  }
  const all = scores.flatMap((s) => s.results);
  const share = (f: (r: CaseResult) => boolean) => pct(all.filter(f).length / Math.max(1, all.length));
  const intent = all.filter((r) => r.intentOk).length / Math.max(1, all.length);
  console.log(`all         ${String(all.length).padStart(5)} ${share((r) => r.intentOk)} ${share((r) => r.entitiesOk)}  ${share((r) => r.langOk)}` +
    (heldOut ? `  ${intent >= 0.97 ? 'met' : 'MISSED'} (97 % intent)` : ''));
}

function perIntent(parts: [string, CaseResult[]][]) {
  console.log(`\nper intent${parts.map(([name]) => `  ${name.padStart(24)}`).join('')}\n${' '.repeat(16)}${parts.map(() => '     n   intent entities').join('')}`);
  const intents = [...new Set(parts.flatMap(([, rs]) => rs.map((r) => r.case.intent)))].sort();
  for (const intent of intents) {
    const cells = parts.map(([, rs]) => {
      const x = byIntent(rs).get(intent);
      return x ? `${String(x.n).padStart(6)} ${pct(x.intent / x.n)} ${pct(x.entities / x.n)}` : ' '.repeat(24);
    });
    console.log(`${intent.padEnd(16)}${cells.join('')}`);
  }
}

function perLangIntent(results: CaseResult[], langOf: Map<CaseResult, string>) {
  const intents = [...new Set(results.map((r) => r.case.intent))].sort();
  console.log(`\nper language and intent, both parts (right/asked)\nlang ${intents.map((i) => i.slice(0, 9).padStart(10)).join('')}`);
  for (const lang of [...new Set(langOf.values())].sort()) {
    const mine = results.filter((r) => langOf.get(r) === lang);
    console.log(`${lang.padEnd(5)}${intents.map((i) => {
      const rs = mine.filter((r) => r.case.intent === i);
      return (rs.length ? `${rs.filter((r) => r.intentOk).length}/${rs.length}` : '').padStart(10);
    }).join('')}`);
  }
}

async function answers() {
  const sets = evalSets('held-out');
  console.log('\nheld-out questions asked of the service at FIXED_NOW   answers  grounded  without a source  intent as expected');
  for (const models of [true, false]) {
    const got = await answerSets(sets, models);
    const n = got.length;
    console.log(`${(models ? 'models fitted' : 'before the first fit').padEnd(54)} ${String(n).padStart(7)} ${String(got.filter((a) => a.grounded).length).padStart(9)}` +
      ` ${String(got.filter((a) => a.products.length === 0).length).padStart(17)} ${String(got.filter((a) => a.intent === a.expected).length).padStart(19)}`);
  }
}

async function main(args: string[]) {
  const verbose = args.includes('--verbose');
  const only = args.filter((a) => !a.startsWith('--'));
  const { directory, keyOf, close } = bundledDirectory();
  const now = new Date(FIXED_NOW);
  const run = async (part: 'development' | 'held-out') => {
    const scores: LangScore[] = [];
    for (const set of evalSets(part).filter((s) => only.length === 0 || only.includes(s.lang))) scores.push(await evaluateSet(set, directory, now, keyOf));
    return scores;
  };
  const started = performance.now();
  const dev = await run('development');
  const held = await run('held-out');
  const ms = performance.now() - started;
  close();
  table('development part (the lexicons are tuned on it)', dev, verbose, false);
  table('held-out part (never tuned on; target 97 % intent)', held, verbose, true);
  perIntent([['development', dev.flatMap((s) => s.results)], ['held-out', held.flatMap((s) => s.results)]]);
  const langOf = new Map<CaseResult, string>([...dev, ...held].flatMap((s) => s.results.map((r) => [r, s.lang] as const)));
  perLangIntent([...langOf.keys()], langOf);
  const n = langOf.size;
  console.log(`(${(ms / Math.max(1, n)).toFixed(1)} ms a question, the language detector's first load included)`);
  if (args.includes('--answers')) await answers();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));
