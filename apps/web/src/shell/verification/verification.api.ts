// The second factor of a sensitive operation (docs/security.md item 16), which several features
// ask for: the account's security changes, the wallet's withdrawals, transfers and addresses. The
// proof travels as `verification` in the operation's own call; sending the email or SMS code is
// the one call of its own.
import type { SecurityOperation, sendCodeResultSchema } from '@hashpool/shared';
import { api } from '../api/client';
import type { Parsed } from '../api/parsed';

export type SentCode = Parsed<typeof sendCodeResultSchema>;

/** The second factor of a security change: one of the three codes. */
export interface Verification {
  totp_code?: string;
  email_code?: string;
  sms_code?: string;
}

export const verificationApi = {
  /** `subject`: what a wallet operation's code confirms (walletSubject of packages/shared); the code is bound to it. */
  sendOperationCode: (operation: SecurityOperation, channel: 'email' | 'sms', subject?: string) =>
    api.post<SentCode>(channel === 'email' ? '/auth/validation/verified-email' : '/auth/validation/sms', { operation, ...(subject === undefined ? {} : { subject }) }),
};
