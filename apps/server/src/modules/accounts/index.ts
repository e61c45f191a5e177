// The accounts module's one door: what other modules may use of it.
import { miningAccounts, users } from './accounts.tables';

export { AccountDirectory, type AccountRecipient } from './directory.service';

/** The columns other modules' tables may point their foreign keys at (and nothing else of these tables). */
export const accountRefs = {
  userId: () => users.id,
  miningAccountId: () => miningAccounts.id,
};
