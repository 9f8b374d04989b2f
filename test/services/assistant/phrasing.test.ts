/**
 * The assistant's optional language model, phrasing only, against a real HTTP server speaking the
 * OpenAI-compatible chat API (in process; no model needed): a faithful rephrasing is used, one carrying a
 * number not among the figures is refused, a failing or hanging server changes nothing, and off means no
 * request at all.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import { describe, it, type TestContext } from 'node:test';
import { appWithKey } from '../../helpers/deps.js';

type Reply = (request: { model: string; messages: { role: string; content: string }[] }) => { status?: number; content?: string; hang?: boolean };

async function fakeModelServer(t: TestContext, reply: Reply) {
  const seen: { path: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw);
    seen.push({ path: req.url ?? '', body });
    const r = reply(body);
    if (r.hang) return; // never answers
    res.writeHead(r.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: r.content ?? '' } }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`, seen };
}

/** The figures' texts of the answer the model was given. */
const figuresOf = (body: { messages: { content: string }[] }) => (JSON.parse(body.messages[1]!.content) as { figures: string[] }).figures;

describe('assistant phrasing by an optional language model', () => {
  it('uses a rephrasing that keeps to the figures, refuses one that adds a number, and keeps the template when the server fails or hangs', async (t) => {
    const built = await appWithKey(t, { seed: { history: true } });
    // Each call asks a differently spaced question, so the operation cache never answers from the last one.
    let asked = 0;
    const ask = async () => (await built.get(`assistant?q=${encodeURIComponent(`queue at Medyka leaving Ukraine${' '.repeat(asked++)}?`)}&lang=en`)).body.data;
    const template = await ask();
    assert.equal(template.phrasing, 'template', 'off by default');
    assert.ok(template.grounded && template.figures.length > 0, 'a grounded answer with figures to keep');

    let mode: 'faithful' | 'invented' | 'error' | 'hang' = 'faithful';
    const model = await fakeModelServer(t, (body) => {
      if (mode === 'error') return { status: 500 };
      if (mode === 'hang') return { hang: true };
      const figures = figuresOf(body);
      return { content: mode === 'faithful' ? `Right now: ${figures.join(' and ')}. Drive safely.` : `About 9999 cars, ${figures.join(', ')}.` };
    });
    // A generous budget while the server answers (a loaded machine took the faithful call past 500 ms); a short one for the hang.
    built.deps.settings.assistantLlm = { url: model.url, model: 'test-model', timeoutMs: 30_000 };
    const faithful = await ask();
    assert.equal(faithful.phrasing, 'model');
    assert.match(faithful.answer_text, /^Right now: .* Drive safely\.$/);
    assert.deepEqual(faithful.figures, template.figures, 'the figures and sources are the grounded ones');
    assert.equal(model.seen[0]!.path, '/v1/chat/completions');
    assert.equal(model.seen[0]!.body.model, 'test-model');
    assert.match(model.seen[0]!.body.messages[0]!.content, /in English/);

    for (const m of ['invented', 'error', 'hang'] as const) {
      mode = m;
      if (m === 'hang') built.deps.settings.assistantLlm = { ...built.deps.settings.assistantLlm, timeoutMs: 300 };
      // 'hang' never answers: an answer at all is the time budget's doing.
      const data = await ask();
      assert.equal(data.phrasing, 'template', m);
      assert.equal(data.answer_text, template.answer_text, `${m}: the template answer stands`);
    }
    const warned = built.logLines.map((l) => JSON.parse(l) as { msg: string; why?: string }).filter((l) => l.msg.startsWith('assistant: the model'));
    assert.match(warned[0]!.why!, /numbers not in the figures: 9999/);
    assert.equal(warned.length, 3);
  });
});
