// The calls every page of a logged-in user needs (docs/rules.md, Routes and access): who the
// user is and what they may do, and the header's language choice saved to the account. Kept apart from features/accounts/accounts.api.ts so the first
// screen carries only these two.
import type { permissionsSchema, UserMine } from '@hashpool/shared';
import { api } from '../api/client';
import type { Parsed } from '../api/parsed';

export type { UserMine };
export type PermissionSet = Parsed<typeof permissionsSchema>;

export const userApi = {
  mine: (signal?: AbortSignal) => api.get<UserMine>('/users/mine', undefined, { signal, silent: true }),
  permissions: (signal?: AbortSignal) => api.get<PermissionSet>('/permissions/current', undefined, { signal, silent: true }),
  /** The account's language (its mails and alerts), as the header's language menu sets the site's. */
  saveLanguage: (language: string) => api.put<null>('/users/settings', { language }, { silent: true }),
};
