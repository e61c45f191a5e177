// What the app's frame uses of accounts: the header's account menu lists the sub-accounts,
// switches between them and logs out.
export { accountsApi, logout } from './accounts.api';
export { useAccounts } from './accounts.queries';
export { useFinishLogin } from './lib/useFinishLogin';
