// Text messages go through a provider. Without a gateway, each message is written to SMS_DIR
// (so a developer can read the code, as with mail) and the send is logged with the number
// masked, never the text. A real gateway implements SmsProvider.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsProvider {
  send(to: { country: string; number: string }, text: string): Promise<void>;
}

export function fileSmsProvider(dir: string, log: FastifyBaseLogger): SmsProvider {
  return {
    async send(to, text) {
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${to.country}${to.number}.txt`);
      writeFileSync(file, `To: +${to.country} ${to.number}\n\n${text}\n`);
      log.info({ to: `+${to.country} ${to.number.slice(0, 3)}****${to.number.slice(-2)}`, file }, 'sms written to file (no gateway configured)');
    },
  };
}
