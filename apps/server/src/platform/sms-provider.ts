// What a text-message provider is (platform/sms.ts chooses one by SMS_PROVIDER), and the one way a
// number appears in a log: masked, never with the text.

export interface SmsProvider {
  send(to: { country: string; number: string }, text: string): Promise<void>;
}

export function maskNumber(country: string, number: string): string {
  return `+${country} ${number.slice(0, 3)}****${number.slice(-2)}`;
}
