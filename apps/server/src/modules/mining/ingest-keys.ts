// Who may report shares and blocks: callers holding one of INGEST_KEYS (comma-separated; several
// during a key change; a key under 16 characters is ignored; none set refuses everyone). Over HTTP
// the key itself is sent (X-Ingest-Key, over TLS in production). Over NATS the key is not sent:
// every subscriber of the stream would read it. A message carries an HMAC-SHA256 of its body under
// the key instead (header INGEST_SIGNATURE_HEADER), so that only a holder of a key can write
// shares into the stream that Hashpool credits (docs/stratum-integration.md §3).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

function keyList(keys: string | undefined): string[] {
  return (keys ?? '').split(',').map((k) => k.trim()).filter((k) => k.length >= 16);
}

/** Compares the X-Ingest-Key header with each configured key in constant time. */
export function ingestKeyChecker(keys: string | undefined): (given: string | undefined) => boolean {
  const allowed = keyList(keys).map(digest);
  return (given) => {
    if (!given || allowed.length === 0) return false;
    const d = digest(given);
    return allowed.some((k) => timingSafeEqual(k, d));
  };
}

/** Checks a message's signature (hex HMAC-SHA256 of its bytes) against each configured key. */
export function ingestSignatureChecker(keys: string | undefined): (data: Uint8Array, signature: string | undefined) => boolean {
  const allowed = keyList(keys);
  return (data, signature) => {
    if (!signature || !/^[0-9a-f]{64}$/.test(signature) || allowed.length === 0) return false;
    const given = Buffer.from(signature, 'hex');
    return allowed.some((key) => timingSafeEqual(createHmac('sha256', key).update(data).digest(), given));
  };
}
