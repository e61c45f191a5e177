// Shows its children only to a user holding at least one of the listed permissions (docs/rules.md,
// Routes and access); otherwise the element is removed, not disabled.
import type { ReactNode } from 'react';
import { holdsAny, type Permission as PermissionName } from '@hashpool/shared';
import { usePermissions } from './viewer';

export function Permission({ any, children }: { any: readonly PermissionName[]; children: ReactNode }) {
  return holdsAny(usePermissions(), any) ? children : null;
}
