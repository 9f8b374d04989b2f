/**
 * A stored forecast model read back from its JSON: checked against the shape `engine/forecast` needs, so
 * a payload that no longer fits (damaged, or from a future version) is treated as no model rather than
 * failing the forecast. Models stored before the calendar regression still load: members missing from
 * their weights weigh 0 and the regression is silent until the daily job refits them.
 */
import { z } from 'zod';
import type { ForecastModel } from './engine-results.js';

const num = z.number().finite();
const nullableNum = num.nullable();
const bucketRecord = <T extends z.ZodTypeAny>(t: T) => z.object({ h1_6: t, h7_24: t, h25_168: t });
const perMember = z.record(z.string(), nullableNum);

const StoredForecastModel = z.object({
  weights: bucketRecord(z.record(z.string(), num)),
  quantiles: bucketRecord(z.object({ q025: num.optional(), q10: num, q25: num, q75: num, q90: num, q975: num.optional() })),
  metrics: bucketRecord(z.object({
    points: num, mae: perMember, rmse: perMember.optional(),
    coverage_50: nullableNum, coverage_80: nullableNum, coverage_95: nullableNum.optional(),
  })),
  origins: num,
  calendar: z.object({
    calendars: z.array(z.string()), hoursPerBlock: num, lagWeeks: num, coefficients: z.array(num),
  }).nullable().optional(),
  history_hours: num.optional(),
  interval_scale: z.literal('weekly_change').optional(),
  long_range: z.object({ kind: z.string(), members: z.array(z.string()), share: num }).optional(),
});

/** The model in `payload`, or null when it is not JSON or not a forecast model. */
export function parseForecastModel(payload: string): ForecastModel | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = StoredForecastModel.safeParse(json);
  return parsed.success ? (parsed.data as ForecastModel) : null;
}
