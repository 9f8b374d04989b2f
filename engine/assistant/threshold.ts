/**
 * The threshold of an alert question ("tell me when the queue at Yahodyn drops under 3 hours"): the first
 * number with a unit of time (hours are turned into minutes: the wait) or of vehicles (the queue), and
 * whether it is a floor or a ceiling by the lexicons' "under"/"over" words around it (`under 3 hours`,
 * Hungarian `3 óra alá`). A number with no unit is read as hours up to 24, else as minutes.
 */
import type { AssistantThreshold } from '../../models/assistant.js';
import type { Token } from './text.js';

interface HitLike {
  pattern: { slot: string };
  at: number;
  len: number;
}

/** Tokens around the number where an "under"/"over" word still belongs to it. */
const OP_BEFORE = 4;
const OP_AFTER = 3;

export function findThreshold(tokens: readonly Token[], hits: readonly HitLike[], nameTokens: ReadonlySet<number>): AssistantThreshold | null {
  const slotAt = (t: number, test: (slot: string) => boolean) => hits.some((h) => test(h.pattern.slot) && t >= h.at && t < h.at + h.len);
  for (const [t, token] of tokens.entries()) {
    if (nameTokens.has(t) || !/^\d+(?:\.\d+)?$/.test(token.w)) continue;
    const n = Number(token.w);
    if (!(n > 0)) continue;
    let metric: AssistantThreshold['metric'];
    let value: number;
    if (slotAt(t + 1, (s) => s === 'unit:hours')) [metric, value] = ['wait_min', n * 60];
    else if (slotAt(t + 1, (s) => s === 'unit:minutes')) [metric, value] = ['wait_min', n];
    else if (slotAt(t + 1, (s) => s.startsWith('vehicle:'))) [metric, value] = ['queue', n];
    else if (slotAt(t + 1, (s) => s === 'hour_after' || s.startsWith('month:'))) continue;
    else [metric, value] = ['wait_min', n <= 24 ? n * 60 : n];
    const near = (slot: string) => hits.filter((h) => h.pattern.slot === slot && h.at >= t - OP_BEFORE && h.at <= t + OP_AFTER)
      .map((h) => Math.abs(h.at - t)).sort((a, b) => a - b)[0] ?? Infinity;
    const op = near('above') < near('below') ? 'above' : 'below';
    return { metric, op, value: Math.round(value) };
  }
  return null;
}
