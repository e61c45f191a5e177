// `npm run admin:create -- <email> [--role admin|finance|support|content]`: gives a registered
// user an operator role (admin when not given; docs/security.md, Operator roles).
// Operators register through the web like everyone (so they have a password and an
// authenticator), then an administrator of the machine promotes them here.
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { AuditLog } from '../../platform/audit';
import { systemClock } from '../../platform/clock';
import { OPERATOR_ROLES } from '@hashpool/shared';
import { parseAdminCreateArgs } from './admin-create-args';
import * as repo from './accounts.repository';

const parsed = parseAdminCreateArgs(process.argv.slice(2));
if (!parsed) {
  console.error(`usage: npm run admin:create -- <email of a registered user> [--role ${OPERATOR_ROLES.join('|')}]`);
  process.exit(2);
}
const { email, role } = parsed;
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
try {
  await prepareDatabase(database, { clock: systemClock });
  const user = await repo.findUserByEmail(database.db, email);
  if (!user) {
    console.error(`no user registered with ${email}: register in the web app first`);
    process.exitCode = 1;
  } else {
    await repo.grantRole(database.db, user.id, role);
    await repo.recordEvent(database.db, { userId: user.id, event: role === 'admin' ? 'admin_granted' : 'operator_roles', ip: 'cli', detail: { roles: role }, createdAt: new Date() });
    await new AuditLog(database.db, systemClock).record({ adminUserId: null, action: 'user_roles', target: `user:${user.id}`, detail: { granted: role, reason: 'npm run admin:create' } });
    console.log(`${email} is now an operator (${role} role)`);
  }
} finally {
  await database.close();
}
