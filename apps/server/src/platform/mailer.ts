// Outgoing email through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written
// to MAIL_DIR as an .eml file. Logs name the masked recipient only: subjects and bodies may hold
// a code (docs/security.md item 25).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string | undefined; from: string; mailDir: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = (await transport.sendMail({ from: options.from, ...message })) as { messageId: string; message?: Buffer };
      if (!options.smtpUrl && info.message) {
        mkdirSync(options.mailDir, { recursive: true });
        const file = path.join(options.mailDir, `${Date.now()}-${info.messageId.replace(/[^A-Za-z0-9.-]/g, '')}.eml`);
        writeFileSync(file, info.message);
        options.log.info({ to: maskEmail(message.to), file }, 'mail written to file (no SMTP_URL)');
      } else {
        options.log.info({ to: maskEmail(message.to) }, 'mail sent');
      }
    },
  };
}
