// Request signature (docs/rules.md, The API): the request's parameters (query and top-level body
// fields) plus a timestamp and a nonce, sorted by name, written as name=value joined with "&",
// signed with HMAC-SHA256. captcha_output is left out (it is itself a signed token and large).
// This file builds the canonical string; the server (node:crypto) and the web (WebCrypto) sign it.

export const SIGN_HEADERS = {
  timestamp: 'x-hp-timestamp',
  nonce: 'x-hp-nonce',
  signature: 'x-hp-sign',
} as const;

/** How far a signed request's timestamp may be from the server clock, in seconds. */
export const SIGN_MAX_SKEW_SECONDS = 300;

const EXCLUDED = new Set(['captcha_output']);

function valueString(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
}

/**
 * The string that is signed. Undefined and null values are left out (a client that drops them
 * and one that sends them sign the same); arrays and objects are written as JSON. Names and
 * values are percent-encoded, so a value containing "&" or "=" cannot pose as two parameters.
 */
export function canonicalSignString(params: Record<string, unknown>): string {
  return Object.keys(params)
    .filter((k) => !EXCLUDED.has(k) && params[k] !== undefined && params[k] !== null)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(valueString(params[k]))}`)
    .join('&');
}
