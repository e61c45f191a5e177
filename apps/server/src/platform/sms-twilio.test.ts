// The Twilio adapter against a local server that checks the request as Twilio documents it.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTwilio } from '../../test/fakes/twilio';
import { SmsSendError, twilioSmsProvider } from './sms-twilio';

const SID = `AC${'a1'.repeat(16)}`;
const TOKEN = 'twilio-auth-token-0123456789abcdef';
const twilio = new FakeTwilio(SID, TOKEN);
let base = '';
let logText = '';
const log = pino({ level: 'info' }, { write: (s: string) => void (logText += s) });

beforeAll(async () => {
  base = await twilio.start();
});
afterAll(() => twilio.stop());

describe('twilio sms provider', () => {
  it('posts the documented form with Basic auth and From', async () => {
    await twilioSmsProvider({ accountSid: SID, authToken: TOKEN, from: '+15005550006', apiBase: `${base}/` }, log).send({ country: '1', number: '4155550100' }, 'Your code is 123456');
    expect(twilio.messages.at(-1)).toEqual({ to: '+14155550100', from: '+15005550006', messagingServiceSid: null, body: 'Your code is 123456' });
    expect(twilio.requests.at(-1)?.contentType).toBe('application/x-www-form-urlencoded');
  });

  it('uses the messaging service instead of From when set', async () => {
    const service = `MG${'b2'.repeat(16)}`;
    await twilioSmsProvider({ accountSid: SID, authToken: TOKEN, from: '+15005550006', messagingServiceSid: service, apiBase: base }, log).send({ country: '44', number: '7700900123' }, 'hello');
    expect(twilio.messages.at(-1)).toMatchObject({ to: '+447700900123', from: null, messagingServiceSid: service });
  });

  it("turns Twilio's documented errors into SmsSendError with its code, and logs no secret", async () => {
    const good = twilioSmsProvider({ accountSid: SID, authToken: TOKEN, from: '+15005550006', apiBase: base }, log);
    await expect(good.send({ country: '1', number: '5005550001' }, 'x')).rejects.toMatchObject({ name: 'SmsSendError', status: 400, providerCode: 21211 });
    const wrongToken = twilioSmsProvider({ accountSid: SID, authToken: 'not-the-token-at-all-0000', from: '+15005550006', apiBase: base }, log);
    await expect(wrongToken.send({ country: '1', number: '4155550100' }, 'x')).rejects.toMatchObject({ status: 401, providerCode: 20003 });
    const notOurs = twilioSmsProvider({ accountSid: SID, authToken: TOKEN, from: '+15005550009', apiBase: base }, log);
    await expect(notOurs.send({ country: '1', number: '4155550100' }, 'x')).rejects.toMatchObject({ providerCode: 21606 });
    const down = twilioSmsProvider({ accountSid: SID, authToken: TOKEN, from: '+15005550006', apiBase: 'http://127.0.0.1:1', timeoutMs: 2000 }, log);
    await expect(down.send({ country: '1', number: '4155550100' }, 'x')).rejects.toBeInstanceOf(SmsSendError);
    expect(logText).toContain('21211');
    expect(logText).not.toContain(TOKEN);
    expect(logText).not.toContain(Buffer.from(`${SID}:${TOKEN}`).toString('base64'));
    expect(logText).not.toContain('4155550100');
  });
});
