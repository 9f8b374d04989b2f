/**
 * When an alert fires: a threshold crossed (`below`, `above`) or a change from the value of the last
 * firing (`change_pct`), with hysteresis so that a value wobbling around a threshold fires once: after
 * firing, a threshold alert is re-armed only when the value has gone back past the threshold by a margin
 * (5 % of it, at least one unit); a change alert measures from the value it last fired at.
 */
import { zoneFields } from './local-time.js';

export type AlertCondition = 'below' | 'above' | 'change_pct';

export interface AlertRule {
  condition: AlertCondition;
  threshold: number;
}

export interface AlertState {
  /** A threshold alert fires only while armed. */
  armed: boolean;
  /** `change_pct`: the value the change is measured from (the last firing's, or the first seen). */
  baseline: number | null;
}

/** How far back past its threshold a value must go before a fired threshold alert fires again. */
export const hysteresisMargin = (threshold: number): number => Math.max(1, threshold * 0.05);

const met = (rule: AlertRule, value: number) => (rule.condition === 'below' ? value < rule.threshold : value > rule.threshold);

/** The state of a new alert given the current value (null: no reading yet): a condition met already does not fire. */
export function initialState(rule: AlertRule, value: number | null): AlertState {
  if (rule.condition === 'change_pct') return { armed: true, baseline: value };
  return { armed: value === null || !met(rule, value), baseline: null };
}

/** One new reading: whether the alert fires, and its next state. */
export function stepAlert(rule: AlertRule, state: AlertState, value: number): { fire: boolean; next: AlertState } {
  if (rule.condition === 'change_pct') {
    if (state.baseline === null) return { fire: false, next: { armed: true, baseline: value } };
    const changedPct = (Math.abs(value - state.baseline) / Math.max(Math.abs(state.baseline), 1)) * 100;
    return changedPct >= rule.threshold ? { fire: true, next: { armed: true, baseline: value } } : { fire: false, next: state };
  }
  if (state.armed) return met(rule, value) ? { fire: true, next: { armed: false, baseline: null } } : { fire: false, next: state };
  const margin = hysteresisMargin(rule.threshold);
  const rearmed = rule.condition === 'below' ? value >= rule.threshold + margin : value <= rule.threshold - margin;
  return { fire: false, next: { armed: rearmed, baseline: null } };
}

/** Quiet hours as local clock minutes `[from, to)`; `to` before `from` wraps past midnight. */
export interface QuietHours {
  from: string;
  to: string;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The first instant (s) at or after `tsS` outside the quiet hours in `timeZone` (`tsS` itself when it is
 * not quiet), to the minute: a notice fired in quiet hours waits for their end.
 */
export function quietEnd(tsS: number, quiet: QuietHours, timeZone: string): number {
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return tsS;
  const isQuiet = (s: number) => {
    const f = zoneFields(s, timeZone);
    const m = Number(f.hour) * 60 + Number(f.minute);
    return from < to ? m >= from && m < to : m >= from || m < to;
  };
  if (!isQuiet(tsS)) return tsS;
  // Walk to the next whole minute outside them (at most a day; DST shifts included).
  let s = Math.ceil(tsS / 60) * 60;
  for (let i = 0; i < 24 * 60 + 60 && isQuiet(s); i++) s += 60;
  return s;
}
