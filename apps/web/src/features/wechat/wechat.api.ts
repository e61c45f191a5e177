// The WeChat calls (paths as in apps/server wechat.routes.ts): whether it is offered, the user's
// binding, starting and completing a login or a binding, unbinding.
import type { LoginResult, WechatStatus } from '@hashpool/shared';
import { api } from '../../shell/api/client';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../shell/storage-keys';
import type { Verification } from '../../shell/verification/verification.api';

export type { WechatStatus };

/** Remembers the state of the QR-connect address this browser is sent to (see STORAGE_KEYS.wechatState). */
function remembered(answer: { url: string }): { url: string } {
  const state = new URL(answer.url).searchParams.get('state');
  if (state) writeStorage(STORAGE_KEYS.wechatState, state);
  return answer;
}

/** Whether WeChat's way back carries the state this browser started with; forgets it either way (single use). */
export function isOwnWechatState(state: string): boolean {
  const own = readStorage(STORAGE_KEYS.wechatState);
  removeStorage(STORAGE_KEYS.wechatState);
  return own !== null && own === state;
}

export const wechatApi = {
  config: (signal?: AbortSignal) => api.get<{ enabled: boolean }>('/wechat/config', undefined, { signal, silent: true }),
  status: (signal?: AbortSignal) => api.get<WechatStatus>('/wechat/binding', undefined, { signal }),
  loginAuthorize: () => api.post<{ url: string }>('/wechat/login/authorize', {}).then(remembered),
  login: (code: string, state: string) => api.post<LoginResult>('/wechat/login', { code, state }, { silent: true }),
  bindAuthorize: (verification: Verification) => api.post<{ url: string }>('/wechat/bind/authorize', { verification: { ...verification } }, { silent: true }).then(remembered),
  bind: (code: string, state: string) => api.post<null>('/wechat/bind', { code, state }, { silent: true }),
  unbind: (verification: Verification) => api.post<null>('/wechat/unbind', { verification: { ...verification } }, { silent: true }),
};

export const wechatKeys = {
  config: ['wechat', 'config'] as const,
  status: ['wechat', 'status'] as const,
};
