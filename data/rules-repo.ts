/** The rule files of data/rules/, read and validated once at start (a bad file stops the start). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TradingSundayFile, TruckBanFile } from '../models/rules.js';

function rulesDir(kind: string): string {
  for (const rel of [`./rules/${kind}/`, `../../data/rules/${kind}/`]) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error(`rule folder data/rules/${kind} is missing`);
}

function readAll<T>(kind: string, schema: { parse: (v: unknown) => T }): Map<string, T> {
  const dir = rulesDir(kind);
  const out = new Map<string, T>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    try {
      const parsed = schema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8'))) as T & { country: string };
      out.set(parsed.country, parsed);
    } catch (err) {
      throw new Error(`data/rules/${kind}/${file} is not a valid rule file: ${(err as Error).message}`);
    }
  }
  return out;
}

function readRules() {
  return {
    truckBans: readAll('truck-bans', TruckBanFile),
    tradingSundays: readAll('trading-sundays', TradingSundayFile),
  };
}

export type Rules = ReturnType<typeof readRules>;

let loaded: Rules | null = null;

/** The rule files, read and validated once per process (they ship with the code and never change while it runs). */
export function loadRules(): Rules {
  loaded ??= readRules();
  return loaded;
}
