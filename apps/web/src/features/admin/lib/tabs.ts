// Which of the operators' tabs a viewer sees, and which one is open. Pure: unit-tested in
// apps/web/test/features.test.ts.
import { operatorMay, type OperatorRole } from '@hashpool/shared';

interface TabLike {
  key: string;
  roles: readonly OperatorRole[];
}

/** The tabs the viewer's roles may use, and the one the address asks for (else the first of them). */
export function pickAdminTab<T extends TabLike>(tabs: readonly T[], roles: Parameters<typeof operatorMay>[0], asked: string | null): { allowed: readonly T[]; tab: T | undefined } {
  const allowed = tabs.filter((tab) => operatorMay(roles, tab.roles));
  return { allowed, tab: allowed.find((tab) => tab.key === (asked ?? tabs[0]?.key)) ?? allowed[0] };
}
