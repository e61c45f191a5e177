// The arguments of `npm run admin:create -- <email> [--role <role>]` (admin-create.cli.ts), read
// apart from the CLI so the reading is unit-tested: the email is the argument that is not the
// role's value, wherever it stands.
import { OPERATOR_ROLES, type OperatorRole } from '@hashpool/shared';

export function parseAdminCreateArgs(args: readonly string[]): { email: string; role: OperatorRole } | null {
  const roleAt = args.indexOf('--role');
  const role = roleAt >= 0 ? args[roleAt + 1] : 'admin';
  const email = args.find((a, i) => a.includes('@') && (roleAt < 0 || i !== roleAt + 1));
  if (!email || !role || !(OPERATOR_ROLES as readonly string[]).includes(role)) return null;
  return { email, role: role as OperatorRole };
}
