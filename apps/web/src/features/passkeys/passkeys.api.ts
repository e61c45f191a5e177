// The passkey calls (paths as in apps/server passkeys.routes.ts). Shapes are the shared schemas.
import type { Passkey, Tokens } from '@hashpool/shared';
import { api } from '../../shell/api/client';
import type { Verification } from '../../shell/verification/verification.api';

export type { Passkey };
type Options = { signal?: AbortSignal };
type WebAuthnOptions = { options: Record<string, unknown> };

export const passkeysApi = {
  list: (o?: Options) => api.get<{ list: Passkey[] }>('/users/passkeys', undefined, o),
  registerOptions: (verification: Verification) => api.post<WebAuthnOptions>('/users/passkeys/register/options', { verification: { ...verification } }, { silent: true }),
  register: (nickname: string, credential: object) => api.post<Passkey>('/users/passkeys/register/verify', { nickname, credential }, { silent: true }),
  loginOptions: () => api.post<WebAuthnOptions>('/users/passkeys/login/options', undefined, { silent: true }),
  login: (credential: object) => api.post<{ tokens: Tokens }>('/users/passkeys/login/verify', { credential }, { silent: true }),
  rename: (id: string, nickname: string) => api.put<Passkey>(`/users/passkeys/${id}`, { nickname }, { silent: true }),
  remove: (id: string, verification: Verification) => api.post<null>(`/users/passkeys/${id}/delete`, { verification: { ...verification } }, { silent: true }),
};
