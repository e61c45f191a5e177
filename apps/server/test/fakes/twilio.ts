// A stand-in for Twilio's Messages API that checks each request exactly as Twilio documents it
// ("Create a Message resource"): POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic
// auth with the Account SID and Auth Token, an application/x-www-form-urlencoded body with To
// (E.164), From or MessagingServiceSid, and Body. It answers Twilio's documented errors as JSON
// { code, message, more_info, status }: 20003 (authentication), 21211 (invalid To; the magic test
// number +15005550001), 21602 (Body missing), 21603 (From missing), 21606 (From not a number of
// the account). Accepted messages are kept for the test to read.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export class FakeTwilio {
  readonly messages: SentSms[] = [];
  /** Every request, accepted or not (method, path, headers), for tests of the request's shape. */
  readonly requests: { method: string; path: string; authorization: string | undefined; contentType: string | undefined }[] = [];
  private server: Server | undefined;
  private waiters: (() => void)[] = [];

  constructor(
    readonly accountSid: string,
    readonly authToken: string,
    readonly ownNumbers: string[] = ['+15005550006'],
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const path = req.url ?? '';
        this.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, contentType: req.headers['content-type'] });
        const fail = (status: number, code: number, message: string) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
        };
        const expectedPath = `/2010-04-01/Accounts/${this.accountSid}/Messages.json`;
        if (req.method !== 'POST' || path !== expectedPath) return fail(404, 20404, 'The requested resource was not found');
        const expectedAuth = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
        if (req.headers.authorization !== expectedAuth) return fail(401, 20003, 'Authenticate');
        if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return fail(400, 21602, 'Message body is required.');
        const form = new URLSearchParams(raw);
        const to = form.get('To') ?? '';
        const from = form.get('From');
        const service = form.get('MessagingServiceSid');
        const text = form.get('Body');
        if (!text) return fail(400, 21602, 'Message body is required.');
        if (!from && !service) return fail(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
        if (from && !this.ownNumbers.includes(from)) return fail(400, 21606, `The 'From' phone number provided (${from}) is not a valid message-capable Twilio phone number for this destination/account.`);
        if (!/^\+[1-9]\d{6,14}$/.test(to) || to === '+15005550001') return fail(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
        this.messages.push({ to, from, messagingServiceSid: service, body: text });
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ sid: `SM${'0'.repeat(32)}`, status: 'queued', to, from, body: text, error_code: null }));
        for (const w of this.waiters.splice(0)) w();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** The text of the next message to `to` accepted after `since` messages (waits for it). */
  async next(to: string, since: number): Promise<string> {
    for (;;) {
      const found = this.messages.slice(since).find((m) => m.to === to);
      if (found) return found.body;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5000);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
