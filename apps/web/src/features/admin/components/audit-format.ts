// How an audit entry reads to an operator: the action's name, the target with the user it names,
// and the details as labelled fields, in the interface's language. Codes and user ids stay out of
// sight: a user id becomes the user's name from the page's `people`.
import type { TFunction } from 'i18next';
import { auditKey } from '@hashpool/shared';

const USER_TARGET = /^user:([0-9a-f-]{36})$/i;

export interface AuditEntryLike {
  action: string;
  target: string;
  detail: Record<string, string> | null;
}

export interface AuditEntryView {
  action: string;
  /** The target as text, and whether it is a raw reference (shown as code) or a person. */
  target: { text: string; raw: boolean };
  fields: Array<{ key: string; label: string; value: string }>;
}

export function auditEntryView(e: AuditEntryLike, people: Record<string, string>, t: TFunction<'admin'>): AuditEntryView {
  const person = (value: string) => people[value.toLowerCase()];
  const user = USER_TARGET.exec(e.target)?.[1];
  const named = user ? person(user) : undefined;
  return {
    action: t(`audit.action.${auditKey(e.action)}`),
    target: named ? { text: t('audit.user_target', { name: named }), raw: false } : { text: e.target, raw: true },
    // An empty value says nothing (a bank detail left blank), except a ticket's empty assignee.
    fields: Object.entries(e.detail ?? {})
      .filter(([, value]) => value !== '' || e.action === 'ticket_assign')
      .map(([key, value]) => ({
      key,
      label: t(`audit.field.${auditKey(key)}`),
      // A ticket assigned to nobody has an empty assignee.
      value: person(value) ?? (value === '' && e.action === 'ticket_assign' ? t('audit.unassigned') : value),
    })),
  };
}
