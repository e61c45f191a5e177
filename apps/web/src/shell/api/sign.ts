// Request signature (docs/rules.md, The API): HMAC-SHA256 over the canonical parameter string from
// packages/shared. @noble/hashes rather than WebCrypto because crypto.subtle exists only on secure
// origins, and pools are often reached over plain http on a LAN.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalSignString, SIGN_HEADERS } from '@hashpool/shared';

export function randomNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

export function hmacSha256Hex(key: string, message: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));
}

/** The three signature headers for a request with these query and top-level body parameters. */
export function signatureHeaders(key: string, params: Record<string, unknown>, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = randomNonce();
  const signature = hmacSha256Hex(key, canonicalSignString({ ...params, timestamp, nonce }));
  return {
    [SIGN_HEADERS.timestamp]: timestamp,
    [SIGN_HEADERS.nonce]: nonce,
    [SIGN_HEADERS.signature]: signature,
  };
}
