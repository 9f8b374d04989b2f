/** A real SMTP server in process (smtp-server), with each message parsed (mailparser): the portal's mail in tests. */
import type { TestContext } from 'node:test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startSmtp(t: TestContext) {
  const messages: ParsedMail[] = [];
  const waiting: ((m: ParsedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        messages.push(mail);
        waiting.splice(0).forEach((w) => w(mail));
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The next message to `to` (already received or still to come). */
    async next(to: string, after = 0, timeoutMs = 5_000): Promise<ParsedMail> {
      const addressed = (m: ParsedMail) => [m.to].flat().some((a) => a?.text.includes(to));
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(after).find(addressed);
        if (found) return found;
        const left = end - Date.now();
        if (left <= 0) throw new Error(`no message to ${to} within ${timeoutMs} ms (${messages.length} received)`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => (clearTimeout(timer), resolve()));
        });
      }
    },
  };
}

/** The portal link (`/portal/verify?token=...` or `/portal/login?token=...`) in a message. */
export function linkIn(mail: ParsedMail): URL {
  const match = /https?:\/\/\S+\/portal\/(?:verify|login)\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no portal link in: ${mail.text}`);
  return new URL(match[0]);
}
