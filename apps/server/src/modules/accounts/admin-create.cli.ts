// `npm run admin:create -- <email>`: gives a registered user the operator (admin) role.
// Operators register through the web like everyone (so they have a password and an
// authenticator), then an administrator of the machine promotes them here.
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { systemClock } from '../../platform/clock';
import * as repo from './accounts.repository';

const email = process.argv[2];
if (!email || !email.includes('@')) {
  console.error('usage: npm run admin:create -- <email of a registered user>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
try {
  await prepareDatabase(database, { demo: false, clock: systemClock });
  const user = await repo.findUserByEmail(database.db, email);
  if (!user) {
    console.error(`no user registered with ${email}: register in the web app first`);
    process.exitCode = 1;
  } else {
    await repo.grantRole(database.db, user.id, 'admin');
    await repo.recordEvent(database.db, { userId: user.id, event: 'admin_granted', ip: 'cli', createdAt: new Date() });
    console.log(`${email} is now an operator (admin role)`);
  }
} finally {
  await database.close();
}
