/**
 * The query-string parser given to Fastify: a null-prototype record (so `__proto__` and `constructor`
 * are plain keys), a value given twice becomes a list so the route can refuse it as repeated.
 */
export type RawQuery = Record<string, string | string[]>;

export function parseQueryString(query: string): RawQuery {
  const out: RawQuery = Object.create(null);
  for (const [key, value] of new URLSearchParams(query)) {
    const previous = out[key];
    out[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}
