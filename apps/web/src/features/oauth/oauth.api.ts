// The OAuth calls (paths as in apps/server oauth.routes.ts): the consent screen's request and
// answer, the user's authorized applications, and the operators' client registry. Shapes are the
// shared zod schemas used as types only.
import type { OAuthAuthorization, OAuthClient, OAuthClientCreated, OAuthDecision, OAuthInteraction } from '@hashpool/shared';
import { api } from '../../shell/api/client';

export type { OAuthAuthorization, OAuthClient, OAuthClientCreated, OAuthInteraction };

type Options = { signal?: AbortSignal; silent?: boolean };

export interface NewClient {
  name: string;
  redirect_uris: string[];
  scopes: string[];
}

export const oauthApi = {
  // Silent: the consent screen says itself that the request is gone.
  interaction: (uid: string, o?: Options) => api.get<OAuthInteraction>(`/oauth/interaction/${encodeURIComponent(uid)}/details`, undefined, { ...o, silent: true }),
  consent: (uid: string, accountIds: string[]) => api.post<OAuthDecision>(`/oauth/interaction/${encodeURIComponent(uid)}/consent`, { account_ids: accountIds }, { silent: true }),
  deny: (uid: string) => api.post<OAuthDecision>(`/oauth/interaction/${encodeURIComponent(uid)}/deny`, undefined, { silent: true }),
  authorizations: (o?: Options) => api.get<OAuthAuthorization[]>('/oauth/authorizations', undefined, o),
  revoke: (id: string) => api.delete<null>(`/oauth/authorizations/${id}`),
  clients: (o?: Options) => api.get<OAuthClient[]>('/admin/oauth/clients', undefined, o),
  register: (body: NewClient) => api.post<OAuthClientCreated>('/admin/oauth/clients', { ...body }, { silent: true }),
  disable: (id: string) => api.post<null>(`/admin/oauth/clients/${id}/disable`),
};
