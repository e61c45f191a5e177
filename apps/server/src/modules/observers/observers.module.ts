// The observers module in the registry: observer links. It extends who calls: a
// request with ?observer_token= is the link's read-only observer, whatever bearer token it carries.
import { defineModule } from '../../platform/modules';
import { observersRoutes } from './observers.routes';
import { ObserversService } from './observers.service';

export interface ObserversApi {
  observers: ObserversService;
}

export const observersModule = defineModule({
  name: 'observers',
  dependsOn: ['accounts', 'mining'],
  create: (p, use) => {
    const { directory, security, sessions } = use('accounts');
    const { workers } = use('mining');
    const observers = new ObserversService(p.db, p.clock, { directory, security, coinOf: (accountId) => workers.latestCoinOf(accountId), requests: p.failures('observer_requests', 60_000) });
    // A security change that ends the user's sessions ends their observer links too.
    sessions.onEndAll((userId) => observers.revokeAllOf(userId));
    return { observers };
  },
  routes: (api) => observersRoutes(api.observers),
  principal: (api) => (request) => api.observers.resolvePrincipal(request),
});
