// How an audit entry reads to an operator: the action's name, the target with the user it names,
// and the details as labelled fields, in the interface's language. Codes and user ids stay out of
// sight: a user id becomes the user's name from the page's `people`.
import type { TFunction } from 'i18next';
import { AUDIT_FIXED_TARGETS, AUDIT_TARGET_KINDS, auditKey, formatDateTime } from '@hashpool/shared';

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

/** Kinds whose id is made of coin codes (and a method, a day or a height): shown upper-cased, parts spaced. */
const COIN_KINDS = new Set(['coin', 'price', 'fee_rate', 'market_data', 'block']);
/** Kinds whose id is a moment (a schedule's start): shown in the operator's timezone like the time column. */
const TIME_KINDS = new Set(['aleo_stake']);

/** A target other than a user's in words (AUDIT_TARGET_KINDS), or as the raw reference it is. */
function targetView(target: string, t: TFunction<'admin'>, timezone: string): AuditEntryView['target'] {
  if ((AUDIT_FIXED_TARGETS as readonly string[]).includes(target)) return { text: t(`audit.target.${target.replace(/:/g, '_')}`), raw: false };
  const split = target.indexOf(':');
  const kind = split > 0 ? target.slice(0, split) : '';
  if (!(AUDIT_TARGET_KINDS as readonly string[]).includes(kind) || kind === 'user') return { text: target, raw: true };
  let parts = target.slice(split + 1).split(':');
  // A price target is `price:<coin|currency>:<code>`: the code says which.
  if (kind === 'price') parts = parts.slice(1);
  const id = COIN_KINDS.has(kind) ? parts.join(' ').toUpperCase() : TIME_KINDS.has(kind) ? formatDateTime(parts.join(':'), timezone, 'YYYY-MM-DD HH:mm') : parts.join(':');
  return { text: t(`audit.target.${kind}`, { id }), raw: false };
}

export function auditEntryView(e: AuditEntryLike, people: Record<string, string>, t: TFunction<'admin'>, timezone: string): AuditEntryView {
  const person = (value: string) => people[value.toLowerCase()];
  const user = USER_TARGET.exec(e.target)?.[1];
  const named = user ? person(user) : undefined;
  return {
    action: t(`audit.action.${auditKey(e.action)}`),
    target: named ? { text: t('audit.user_target', { name: named }), raw: false } : targetView(e.target, t, timezone),
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
