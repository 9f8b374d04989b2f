/**
 * The portal's e-mail: sent by SMTP (nodemailer) when `BDDS_SMTP_URL` is set, else written to a local
 * outbox folder as `.eml` files (the log says where), so a local run needs no mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { PortalConfig } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mail goes: the SMTP host, or the outbox folder. */
  readonly target: string;
}

export function createMailer(config: Pick<PortalConfig, 'smtpUrl' | 'mailFrom' | 'outbox'>, log: Pick<Logger, 'info' | 'error'>, now: () => Date): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl, { from: config.mailFrom });
    const target = new URL(config.smtpUrl).host;
    return {
      target,
      async send(mail) {
        await transport.sendMail({ ...mail, from: config.mailFrom });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: config.outbox,
    async send(mail) {
      const info = await transport.sendMail({ ...mail, from: config.mailFrom });
      mkdirSync(config.outbox, { recursive: true, mode: 0o700 });
      // Sortable by time, unique, and never derived from the address.
      const file = join(config.outbox, `${now().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      log.info({ file }, 'e-mail written to the outbox (no BDDS_SMTP_URL configured)');
    },
  };
}
