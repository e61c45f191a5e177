// The operations module: the admin area's users, over the accounts and wallet modules.
// Roles, coin settings and four-eyes live with what they guard (accounts, wallet); metrics,
// readiness and shutdown are the platform's (platform/metrics.ts, app.ts, main.ts).
import { defineModule } from '../../platform/modules';
import { operationsRoutes } from './operations.routes';
import { OperatorUsers } from './users.service';

export interface OperationsApi {
  users: OperatorUsers;
}

export const operationsModule = defineModule({
  name: 'operations',
  dependsOn: ['accounts', 'wallet'],
  create: (_p, use) => ({ users: new OperatorUsers({ accounts: use('accounts'), wallet: use('wallet') }) }),
  routes: (api, _p, use) => operationsRoutes(api.users, use('accounts')),
});
