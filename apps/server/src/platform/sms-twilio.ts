// Twilio's Programmable Messaging REST API (docs: "Create a Message resource"):
//   POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json
//   HTTP Basic auth (Account SID : Auth Token), form fields To (E.164), From or
//   MessagingServiceSid, Body. Success answers 201 with the message; a refusal answers JSON
//   { code, message, more_info, status } (21211: invalid To, 21608: unverified trial number,
//   20003: authentication failed ...).
// The base URL is a setting so a test (or a regional edge) can stand in. The auth token never
// reaches a log: only the HTTP status and Twilio's error code are logged, with the number masked.
import type { FastifyBaseLogger } from 'fastify';
import { maskNumber, type SmsProvider } from './sms-provider';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164, or use messagingServiceSid. */
  from?: string | undefined;
  messagingServiceSid?: string | undefined;
  /** https://api.twilio.com by default. */
  apiBase: string;
  timeoutMs?: number;
}

/** A refusal or failure of the provider; its text carries no secret. */
export class SmsSendError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    readonly providerCode: number | null,
  ) {
    super(`${provider} refused the message (HTTP ${status}${providerCode === null ? '' : `, code ${providerCode}`})`);
    this.name = 'SmsSendError';
  }
}

export function twilioSmsProvider(settings: TwilioSettings, log: FastifyBaseLogger): SmsProvider {
  const url = `${settings.apiBase.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    async send(to, text) {
      const form = new URLSearchParams({ To: `+${to.country}${to.number}`, Body: text });
      if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
      else if (settings.from) form.set('From', settings.from);
      const masked = maskNumber(to.country, to.number);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
        });
      } catch (error) {
        log.warn({ provider: 'twilio', to: masked, reason: (error as Error).name }, 'sms provider unreachable');
        throw new SmsSendError('twilio', 0, null);
      }
      if (response.ok) {
        await response.body?.cancel();
        log.info({ provider: 'twilio', to: masked }, 'sms sent');
        return;
      }
      const answer = (await response.json().catch(() => null)) as { code?: unknown } | null;
      const code = typeof answer?.code === 'number' ? answer.code : null;
      log.warn({ provider: 'twilio', to: masked, status: response.status, providerError: code }, 'sms provider refused the message');
      throw new SmsSendError('twilio', response.status, code);
    },
  };
}
