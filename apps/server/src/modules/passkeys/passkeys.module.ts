// The passkeys module in the registry: WebAuthn credentials of users, registered from the
// settings and used to log in; the session itself is the accounts module's.
import { defineModule } from '../../platform/modules';
import { passkeysRoutes } from './passkeys.routes';
import { PasskeyService } from './passkeys.service';

export interface PasskeysApi {
  passkeys: PasskeyService;
}

/** WEBAUTHN_ORIGINS, or this server's own localhost origin and the Vite dev server's. */
export function expectedOrigins(configured: string | undefined, port: number): string[] {
  const list = (configured ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean);
  return list.length > 0 ? list : [`http://localhost:${port}`, 'http://localhost:5173'];
}

export const passkeysModule = defineModule({
  name: 'passkeys',
  dependsOn: ['accounts', 'content'],
  create: (p, use) => {
    const accounts = use('accounts');
    const content = use('content').content;
    const rp = {
      id: p.config.WEBAUTHN_RP_ID,
      origins: expectedOrigins(p.config.WEBAUTHN_ORIGINS, p.config.PORT),
      name: async () => (await content.parameters(['site_name'])).site_name ?? 'Hashpool',
    };
    return { passkeys: new PasskeyService(p.db, p.clock, rp, accounts) };
  },
  routes: (api) => passkeysRoutes(api.passkeys),
});
