/**
 * The calendar regression member: ridge regression (closed form via Cholesky, ridge.ts) of the hourly
 * value on the sparse calendar design (calendar-design.ts: week cell, week of the year, each holiday
 * calendar's holidays and the days around them, and the recent level), fitted on all the history before
 * an origin with exponentially decaying weights (recent weeks count more). Successive origins share one
 * pass over the data: the sums are decayed and extended, then solved again.
 */
import type { CalendarFit } from '../../models/engine-results.js';
import { CalendarDesign, designLayout, type DesignLayout } from './calendar-design.js';
import type { HourCalendar } from './hour-calendar.js';
import { Gram, solveRidge } from './ridge.js';

export type { CalendarFit };

export interface CalendarMemberOptions {
  /** Half-life of a row's weight, in days back from the origin. */
  halfLifeDays: number;
  /** Ridge penalty of each one-hot column, in hours of full-weight data (the intercept and dense columns are free). */
  penalty: number;
  /** Hours per block that day kinds are crossed with (a divisor of 24). */
  hoursPerBlock: number;
}

export const CALENDAR_MEMBER_DEFAULTS: CalendarMemberOptions = { halfLifeDays: 365, penalty: 4, hoursPerBlock: 4 };

/** Lags of whole weeks that cover a horizon: every forecast row is then built from history alone. */
export const lagWeeksFor = (horizon: number) => Math.max(1, Math.ceil(horizon / 168));

const layoutOf = (calendar: HourCalendar, hoursPerBlock: number) => designLayout(calendar.specs.length, Math.round(24 / hoursPerBlock));

/** The member over one series (NaN = missing; hours from an origin on are never read for it) and its calendar. */
export class CalendarMember {
  readonly layout: DesignLayout;
  private readonly design: CalendarDesign;

  constructor(readonly values: Float64Array, readonly calendar: HourCalendar, readonly lagWeeks: number,
    readonly options: CalendarMemberOptions = CALENDAR_MEMBER_DEFAULTS) {
    this.layout = layoutOf(calendar, options.hoursPerBlock);
    this.design = new CalendarDesign(values, calendar, this.layout, lagWeeks);
  }

  /** Coefficients fitted as of each origin (hour indices, ascending) on the rows before it; null where no row was usable. */
  fitAt(origins: readonly number[]): (Float64Array | null)[] {
    const { design, layout, values } = this;
    const gram = new Gram(layout.p);
    const penalty = new Float64Array(layout.p);
    for (let j = 1; j < layout.dense0; j++) penalty[j] = this.options.penalty;
    const decayPerHour = 2 ** (-1 / (this.options.halfLifeDays * 24));
    const out: (Float64Array | null)[] = [];
    let next = 0;
    let clock = origins[0] ?? 0;
    for (const t0 of origins) {
      gram.scale(decayPerHour ** (t0 - clock));
      clock = t0;
      for (; next < Math.min(t0, values.length); next++) {
        const y = values[next]!;
        if (Number.isNaN(y)) continue;
        const nnz = design.row(next);
        if (nnz > 0) gram.add(design.cols, design.vals, nnz, y, decayPerHour ** (t0 - next));
      }
      out.push(solveRidge(gram, penalty));
    }
    return out;
  }

  /** The forecast of hours [t0, t0 + steps), never negative; NaN where the recent level is unknown or beyond the lags. */
  predict(t0: number, steps: number, coefficients: ArrayLike<number> | null): Float64Array {
    const out = new Float64Array(steps).fill(NaN);
    if (!coefficients || coefficients.length !== this.layout.p) return out;
    const { design } = this;
    for (let k = 0; k < Math.min(steps, this.lagWeeks * 168); k++) {
      const nnz = design.row(t0 + k);
      if (nnz === 0) continue;
      let f = 0;
      for (let a = 0; a < nnz; a++) f += coefficients[design.cols[a]!]! * design.vals[a]!;
      out[k] = Math.max(0, f);
    }
    return out;
  }

  /** What a stored model keeps of the member. */
  describe(coefficients: Float64Array): CalendarFit {
    return { calendars: [...this.calendar.specs], hoursPerBlock: this.options.hoursPerBlock, lagWeeks: this.lagWeeks, coefficients: Array.from(coefficients) };
  }
}

/**
 * A stored fit's forecast of the `steps` hours after `values`; `calendar` covers the history and those
 * hours, under the fit's holiday calendars. All NaN when the fit does not match (other calendars).
 */
export function predictStored(fit: CalendarFit, values: Float64Array, calendar: HourCalendar, steps: number): Float64Array {
  if (fit.calendars.join() !== calendar.specs.join()) return new Float64Array(steps).fill(NaN);
  const padded = new Float64Array(values.length + steps).fill(NaN);
  padded.set(values);
  const member = new CalendarMember(padded, calendar, fit.lagWeeks, { ...CALENDAR_MEMBER_DEFAULTS, hoursPerBlock: fit.hoursPerBlock });
  return member.predict(values.length, steps, fit.coefficients);
}
