// A real SMTP server on a free local port: the app's nodemailer talks SMTP to it and tests read
// what arrived, as a user would read their mailbox.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
}

export class SmtpInbox {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer;
  private waiters: Array<() => void> = [];

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
          this.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject });
          this.waiters.splice(0).forEach((w) => w());
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The newest mail to `address` after `since` mails had arrived, waiting up to 5 s for it. */
  async next(address: string, since: number): Promise<ReceivedMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const mail = this.mails.slice(since).reverse().find((m) => m.to.includes(address));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** The 6-digit code of a mail (it is in the subject line). */
  static code(mail: ReceivedMail): string {
    const m = /\b(\d{6})\b/.exec(mail.subject);
    if (!m) throw new Error(`no code in "${mail.subject}"`);
    return m[1]!;
  }
}
