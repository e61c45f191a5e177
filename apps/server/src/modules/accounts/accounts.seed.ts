// The demo user of the demo start (DEMO_SEED): a visitor logs in with these published
// credentials and sees the simulator's workers. Its name and email say it is a demo.
import { hashLoginPassword } from '../../platform/passwords';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import * as repo from './accounts.repository';
import { DEFAULT_ROLE } from './auth.service';

export const DEMO_EMAIL = 'demo@hashpool.example';
export const DEMO_PASSWORD = 'hashpool-demo';
export const DEMO_ACCOUNTS = ['demofarm01', 'demofarm02'];

export async function seedDemoUser(db: Db, now: Date): Promise<void> {
  if (await repo.findUserByEmail(db, DEMO_EMAIL)) return;
  const passwordHash = await hashLoginPassword(DEMO_PASSWORD);
  await inTransaction(db, async (tx) => {
    const user = await repo.insertUser(tx, { email: DEMO_EMAIL, passwordHash, inviteCode: 'DEMO0001', notifyEmail: DEMO_EMAIL, isDemo: true, createdAt: now, updatedAt: now });
    let first: string | undefined;
    for (const [i, name] of DEMO_ACCOUNTS.entries()) {
      const account = await repo.insertAccount(tx, { userId: user.id, name, isDefault: i === 0, createdAt: now });
      first ??= account.id;
    }
    await repo.updateUser(tx, user.id, { currentAccountId: first! }, now);
    await repo.grantRole(tx, user.id, DEFAULT_ROLE);
  });
}
