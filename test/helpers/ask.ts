/** The assistant asked through a test app's keyed client: the answer's `data`, asserting a 200. */
import assert from 'node:assert/strict';

export async function askAssistant<T>(built: { get: (path: string) => Promise<{ status: number; body: any }> }, q: string, lang: string): Promise<T> {
  const { status, body } = await built.get(`assistant?q=${encodeURIComponent(q)}&lang=${lang}`);
  assert.equal(status, 200, JSON.stringify(body.error));
  return body.data as T;
}
