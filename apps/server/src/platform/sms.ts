// Text messages go through a provider, chosen by SMS_PROVIDER. Without a gateway (`file`, the
// default), each message is written to SMS_DIR (so a developer can read the code, as with mail)
// and the send is logged with the number masked, never the text. `twilio` sends through Twilio's
// REST API (platform/sms-twilio.ts). A provider's refusal reaches the caller as an error whose
// text holds no secret; CodeService turns it into code_send_failed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { maskNumber, type SmsProvider } from './sms-provider';
import { twilioSmsProvider } from './sms-twilio';

export type { SmsProvider } from './sms-provider';

export function fileSmsProvider(dir: string, log: FastifyBaseLogger): SmsProvider {
  return {
    async send(to, text) {
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${to.country}${to.number}.txt`);
      writeFileSync(file, `To: +${to.country} ${to.number}\n\n${text}\n`);
      log.info({ to: maskNumber(to.country, to.number), file }, 'sms written to file (no gateway configured)');
    },
  };
}

/** The provider SMS_PROVIDER names (loadConfig has checked its settings). */
export function smsProviderFrom(config: Config, log: FastifyBaseLogger): SmsProvider {
  if (config.SMS_PROVIDER === 'twilio') {
    return twilioSmsProvider(
      { accountSid: config.TWILIO_ACCOUNT_SID!, authToken: config.TWILIO_AUTH_TOKEN!, from: config.TWILIO_FROM, messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID, apiBase: config.TWILIO_API_BASE },
      log,
    );
  }
  return fileSmsProvider(config.SMS_DIR, log);
}
