// The message centre's wording (the server's notifications: a type and its params, worded by the
// client in the reader's language). Each feature renders the message types its server module
// sends (features/<name>/messages.ts, default export); describeMessage() picks the renderer, and a type nobody renders
// (a newer server) reads as a generic notice. Pure: unit-tested in apps/web/test/messages.test.ts.
import { findCoin, formatHashrate, MESSAGE_TYPES, type MessageType } from '@hashpool/shared';

export type MessageParams = Record<string, string | number | string[]>;

/** An i18n key ("namespace:key") and its interpolation values. */
export interface Phrase {
  key: string;
  values: Record<string, string>;
}

export interface MessageText {
  title: Phrase;
  body: Phrase;
}

/** The values every message may use: the coin's symbol and the sub-account (MISSING when absent). */
export interface MessageBase {
  coin: string;
  account: string;
}

export interface MessageRenderer {
  /** The type's name in the message centre's filter, an i18n key ("namespace:key"). */
  name: string;
  /** `language`: the reader's (for params given per language, such as an operator's names). */
  describe: (params: MessageParams, base: MessageBase, language: string) => MessageText;
}

/** Shown for a param the message lacks (an older message, a server that sends fewer). */
export const MISSING = '--';

/** A param as text: a non-empty string, or a number written out; null otherwise. */
export const paramText = (value: MessageParams[string] | undefined): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** A param as a finite number (a number, or a string holding one); null otherwise. */
export const paramNumber = (value: MessageParams[string] | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;

/** A hashrate param written with its unit, MISSING when absent. */
export const paramHashrate = (value: MessageParams[string] | undefined): string => {
  const rate = paramNumber(value);
  return rate === null ? MISSING : formatHashrate(rate);
};

function coinOf(params: MessageParams): string {
  const code = paramText(params.coin);
  if (!code) return MISSING;
  return findCoin(code)?.symbol ?? code.toUpperCase();
}

export function messageBase(params: MessageParams): MessageBase {
  return { coin: coinOf(params), account: paramText(params.account) ?? MISSING };
}

/** The message of a type nobody renders: "Notice", about the account and coin (common namespace). */
export const UNKNOWN_MESSAGE = { title: 'common:message_unknown.title', body: 'common:message_unknown.body' } as const;

export function unknownMessage(base: MessageBase): MessageText {
  return { title: { key: UNKNOWN_MESSAGE.title, values: {} }, body: { key: UNKNOWN_MESSAGE.body, values: { ...base } } };
}

export type MessageRenderers = Readonly<Partial<Record<MessageType, MessageRenderer>>>;

/** Message types only operators are sent (the server alerts the holders of an operator or admin role). */
export const OPERATOR_MESSAGE_TYPES: readonly MessageType[] = ['operations_alert'];

/**
 * The message centre's type filter: every type the reader can receive, labelled by its renderer's
 * name (its own code when none renders it). The operators' types only for an operator.
 */
export function messageTypeNames(renderers: MessageRenderers, { operator }: { operator: boolean }): { type: MessageType; name: string | null }[] {
  return MESSAGE_TYPES.filter((type) => operator || !OPERATOR_MESSAGE_TYPES.includes(type)).map((type) => ({ type, name: renderers[type]?.name ?? null }));
}

export function describeMessage(renderers: MessageRenderers, type: string, params: MessageParams, language = 'en'): MessageText {
  const base = messageBase(params);
  const renderer = Object.prototype.hasOwnProperty.call(renderers, type) ? renderers[type as MessageType] : undefined;
  return renderer ? renderer.describe(params, base, language) : unknownMessage(base);
}

/** The namespace of a "namespace:key" i18n key. */
export function namespaceOf(key: string): string {
  const colon = key.indexOf(':');
  if (colon <= 0) throw new Error(`i18n key without a namespace: ${key}`);
  return key.slice(0, colon);
}
