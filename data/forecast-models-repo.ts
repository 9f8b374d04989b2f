/** Fitted forecast models, written by the daily model job and read by the forecast product. */
import type { ForecastModel } from '../models/engine-results.js';
import { parseForecastModel } from '../models/forecast-model.js';
import type { Db } from './store.js';

export type ModelMetric = 'main' | 'wait';

export interface StoredModel {
  ppid: string;
  metric: ModelMetric;
  unit: 'vehicles' | 'minutes';
  generated_at: string;
  model: ForecastModel;
}

export function createForecastModelsRepo(db: Db) {
  const upsert = db.prepare(`INSERT INTO forecast_models (ppid, metric, unit, generated_at, payload) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (ppid, metric) DO UPDATE SET unit = excluded.unit, generated_at = excluded.generated_at, payload = excluded.payload`);
  const remove = db.prepare('DELETE FROM forecast_models WHERE ppid = ? AND metric = ?');
  const one = db.prepare('SELECT ppid, metric, unit, generated_at, payload FROM forecast_models WHERE ppid = ? AND metric = ?');
  const all = db.prepare("SELECT ppid FROM forecast_models WHERE metric = 'main'").pluck();
  const oldest = db.prepare('SELECT min(generated_at) FROM forecast_models').pluck();
  const stamps = db.prepare('SELECT metric, generated_at FROM forecast_models WHERE ppid = ? ORDER BY metric');
  return {
    save: (m: StoredModel) => void upsert.run(m.ppid, m.metric, m.unit, m.generated_at, JSON.stringify(m.model)),
    remove: (ppid: string, metric: ModelMetric) => void remove.run(ppid, metric),
    /** The stored model, or null when there is none or its payload no longer parses (refitted by the daily job). */
    get(ppid: string, metric: ModelMetric): StoredModel | null {
      const row = one.get(ppid, metric) as (Omit<StoredModel, 'model'> & { payload: string }) | undefined;
      if (!row) return null;
      const { payload, ...rest } = row;
      const model = parseForecastModel(payload);
      return model ? { ...rest, model } : null;
    },
    ppids: (): Set<string> => new Set(all.all() as string[]),
    /**
     * When a checkpoint's models were fitted (`main@<iso>,wait@<iso>`), without reading them: it changes
     * whenever a model is stored or removed. Null when it has no main model.
     */
    stamp(ppid: string): string | null {
      const rows = stamps.all(ppid) as { metric: ModelMetric; generated_at: string }[];
      return rows.some((r) => r.metric === 'main') ? rows.map((r) => `${r.metric}@${r.generated_at}`).join(',') : null;
    },
    /** When the oldest stored model was fitted (ISO), or null when none is stored. */
    oldestGeneratedAt: (): string | null => (oldest.get() as string | null) ?? null,
  };
}

export type ForecastModelsRepo = ReturnType<typeof createForecastModelsRepo>;
