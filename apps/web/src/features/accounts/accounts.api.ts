// The account calls: getting in, the user, sub-accounts and the
// security settings. Paths and bodies are those of apps/server accounts.routes.ts and
// security.routes.ts; shapes come from the zod schemas of packages/shared as types only (zod
// itself stays out of the bundle).
import type {
  AccountItem,
  captchaChallengeSchema,
  LoginResult,
  pubkeySchema,
  securityEventPageSchema,
  sendCodeResultSchema,
  Tokens,
  totpSecretSchema,
} from '@hashpool/shared';
import { announceAccountSwitch, clearSession, getAccessToken, writeSession } from '../../shell/session/session';
import { ApiError } from '../../shell/api/api-error';
import { api, apiExchange, TOKEN_EXPIRED_CODE } from '../../shell/api/client';
import type { Parsed } from '../../shell/api/parsed';
import { sessionFromTokens } from '../../shell/api/refresh-rules';
import { refresher } from '../../shell/api/session-refresh';
import { send } from '../../shell/api/transport';
import type { Verification } from '../../shell/verification/verification.api';

export type { AccountItem, LoginResult, Tokens };
export type { PermissionSet, UserMine } from '../../shell/session/user.api';
export type { Verification };
export type CaptchaChallenge = Parsed<typeof captchaChallengeSchema>;
export type PublicKey = Parsed<typeof pubkeySchema>;
export type SecurityEventPage = Parsed<typeof securityEventPageSchema>;
export type SecurityEvent = SecurityEventPage['list'][number];
export type SentCode = Parsed<typeof sendCodeResultSchema>;
export type TotpSecret = Parsed<typeof totpSecretSchema>;

/** Where a code goes or what identifies the account: an email address or a phone number. */
export type ContactTarget = { channel: 'email'; email: string } | { channel: 'sms'; phone_country: string; phone: string };

/** The proof of a human: ALTCHA's solved challenge (the only kind this client can produce). */
export interface CaptchaAnswer {
  provider: 'altcha';
  challenge: unknown;
  solution: { counter: number; derivedKey: string; time?: number };
}


export const accountsApi = {
  captchaChallenge: () => api.get<CaptchaChallenge>('/captcha/challenge', undefined, { silent: true }),
  sendCode: (purpose: 'register' | 'reset_password', target: ContactTarget, captcha: CaptchaAnswer) =>
    api.post<SentCode>('/v3/auth/validation/code', { purpose, ...target, captcha: captcha as unknown as Record<string, unknown> }, { silent: true }),
  register: (body: Record<string, unknown>) => api.post<Tokens>('/users/register', body, { silent: true }),
  publicKey: () => api.get<PublicKey>('/v2/users/encrypt/pubkey', undefined, { silent: true }),
  login: (body: Record<string, unknown>) => api.post<LoginResult>('/v2/users/encrypt/login', body, { silent: true }),
  totpLogin: (ticket: string, code: string) => api.post<Tokens>('/auth/totp/login', { ticket, code }, { silent: true }),
  secondValidation: (ticket: string, code: string) => api.post<Tokens>('/users/second-validation', { ticket, code }, { silent: true }),
  resetPassword: (body: Record<string, unknown>) => api.post<null>('/users/password/reset', body, { silent: true }),

  updateSettings: (body: { timezone?: string; currency?: string; language?: string; notify_email?: string | null }) => api.put<null>('/users/settings', body, { silent: true }),

  accounts: (signal?: AbortSignal) => api.get<AccountItem[]>('/accounts', undefined, { signal }),
  createAccount: (name: string) => api.post<AccountItem>('/accounts', { name }, { silent: true }),
  // The other tabs hear of it: the server keeps one current sub-account per user.
  switchAccount: (accountId: string) => api.put<null>('/users/accounts', { account_id: accountId }).then(announceAccountSwitch),
  setAccountHidden: (accountId: string, hidden: boolean) => api.put<null>(`/accounts/${encodeURIComponent(accountId)}/visibility`, { hidden }),

  sendNewTargetCode: (target: ContactTarget) => api.post<SentCode>('/auth/validation/new-target', { ...target }, { silent: true }),
  totpSecret: () => api.post<TotpSecret>('/users/totp/secret'),
  totpBind: (code: string, verification: Verification) => api.post<null>('/users/totp/bind', { code, verification: { ...verification } }, { silent: true }),
  totpUnbind: (verification: Verification) => api.post<null>('/users/totp/unbind', { verification: { ...verification } }, { silent: true }),
  changePassword: (body: { old_password: string; new_password: string; confirm_password: string; verification: Verification }) =>
    api.put<null>('/users/password', { ...body }, { silent: true }),
  setPayPassword: (body: { pay_password: string; confirm_pay_password: string; verification: Verification }) =>
    api.put<null>('/users/pay-password', { ...body }, { silent: true }),
  changeEmail: (body: { email: string; new_code: string; verification: Verification }) => api.put<null>('/users/email', { ...body }, { silent: true }),
  changePhone: (body: { phone_country: string; phone: string; new_code: string; verification: Verification }) => api.put<null>('/users/phone', { ...body }, { silent: true }),
  /** Answers with the server's own words ("Account cancelled. Logging in again within 30 days restores it."). */
  cancelAccount: async (verification: Verification) => (await apiExchange<null>('POST', '/users/cancel', { body: { verification: { ...verification } }, silent: true })).msg,
  logs: (page: number, pageSize: number, signal?: AbortSignal) => api.get<SecurityEventPage>('/users/logs', { page, page_size: pageSize }, { signal }),
};

/** A login (or registration) succeeded: keep its tokens; the other tabs hear of it. */
export function startSession(tokens: Tokens): void {
  writeSession(sessionFromTokens(tokens, Date.now()), 'login');
}

/**
 * Logout (docs/rules.md, States and transitions): end the session on the server, then forget it here. An expired
 * access token is refreshed first, or the server could not tell which session to end; whatever
 * the server says, this browser forgets the tokens.
 */
export async function logout(): Promise<void> {
  const attempt = (token: string | null) => (token ? send<null>('POST', '/users/logout', { token }) : Promise.resolve(null));
  try {
    await refresher.ensureFresh();
    await attempt(getAccessToken()).catch(async (error: unknown) => {
      if (error instanceof ApiError && error.code === TOKEN_EXPIRED_CODE && (await refresher.refresh()) === 'refreshed') return attempt(getAccessToken());
      throw error;
    });
  } catch {
    // Nothing more to do: the tokens go from this browser either way.
  } finally {
    clearSession();
  }
}
