// The owner's observer links (GET/POST /users/observers, PUT/DELETE /users/observers/{id}).
import type { ObserverCreateBody, ObserverCreated, ObserverLink } from '@hashpool/shared';
import { api } from '../../shell/api/client';

export type { ObserverLink, ObserverCreated } from '@hashpool/shared';

export const observersApi = {
  list: (signal?: AbortSignal) => api.get<ObserverLink[]>('/users/observers', undefined, { signal }),
  // Silent: the dialog shows a refusal at its field.
  create: (body: ObserverCreateBody) => api.post<ObserverCreated>('/users/observers', { ...body }, { silent: true }),
  rename: (id: string, nickname: string) => api.put<ObserverLink>(`/users/observers/${encodeURIComponent(id)}`, { nickname }, { silent: true }),
  revoke: (id: string) => api.delete<ObserverLink>(`/users/observers/${encodeURIComponent(id)}`),
};

export const observerKeys = {
  all: ['observers'] as const,
  list: (epoch: number) => ['observers', epoch, 'list'] as const,
};

/** The address of a link: /observer_redirect with the token, on this site. */
export function observerUrl(token: string): string {
  return `${window.location.origin}/observer_redirect?observer_token=${encodeURIComponent(token)}`;
}
