// PROXY protocol version 1 (the text header HAProxy, nginx and cloud TCP load balancers send first):
// `PROXY TCP4 <src> <dst> <srcport> <dstport>\r\n`, at most 107 bytes. Only the source address is used.
import { isIP } from 'node:net';

export const PROXY_V1_MAX = 107;

export type ProxyHeader = { ok: true; sourceIp: string | undefined } | { ok: false; reason: string };

/** Parses the header line (without its line end). UNKNOWN keeps the socket's own address. */
export function parseProxyV1(line: string): ProxyHeader {
  if (line.length > PROXY_V1_MAX) return { ok: false, reason: 'PROXY header too long' };
  const parts = line.split(' ');
  if (parts[0] !== 'PROXY') return { ok: false, reason: 'PROXY header expected' };
  if (parts[1] === 'UNKNOWN') return { ok: true, sourceIp: undefined };
  if (parts.length !== 6) return { ok: false, reason: 'PROXY header malformed' };
  const [, family, src, dst, sport, dport] = parts as [string, string, string, string, string, string];
  const want = family === 'TCP4' ? 4 : family === 'TCP6' ? 6 : 0;
  if (!want || isIP(src) !== want || isIP(dst) !== want) return { ok: false, reason: 'PROXY header addresses malformed' };
  for (const p of [sport, dport]) {
    if (!/^\d{1,5}$/.test(p) || Number(p) > 65535) return { ok: false, reason: 'PROXY header ports malformed' };
  }
  return { ok: true, sourceIp: src };
}

// PROXY protocol version 2 (the binary header; AWS's Network Load Balancer sends only this): a
// 12-byte signature, the version and command, the address family and protocol, the length of
// what follows, then the addresses and any TLVs (which are skipped). LOCAL (a balancer's own
// health check) and UNSPEC keep the socket's own address.
export const PROXY_V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);
/** The most bytes after the fixed 16 accepted: the addresses and a balancer's TLVs (AWS sends about 50). */
export const PROXY_V2_MAX_BODY = 512;

export type ProxyV2Read =
  /** Not a v2 header: the bytes are the v1 text header (or nothing valid). */
  | { kind: 'not-v2' }
  /** A v2 header begun but not whole yet. */
  | { kind: 'incomplete' }
  | { kind: 'header'; header: ProxyHeader; length: number };

/** Reads a v2 header at the start of `buf` (the connection's first bytes so far). */
export function readProxyV2(buf: Buffer): ProxyV2Read {
  const signed = Math.min(buf.length, PROXY_V2_SIGNATURE.length);
  if (!buf.subarray(0, signed).equals(PROXY_V2_SIGNATURE.subarray(0, signed))) return { kind: 'not-v2' };
  if (buf.length < 16) return { kind: 'incomplete' };
  const version = buf[12]! >> 4;
  const command = buf[12]! & 0x0f;
  const family = buf[13]!;
  const body = buf.readUInt16BE(14);
  if (version !== 2 || command > 1) return { kind: 'header', header: { ok: false, reason: 'PROXY v2 header malformed' }, length: 16 };
  if (body > PROXY_V2_MAX_BODY) return { kind: 'header', header: { ok: false, reason: 'PROXY header too long' }, length: 16 };
  if (buf.length < 16 + body) return { kind: 'incomplete' };
  const length = 16 + body;
  // LOCAL: the balancer speaking for itself; UNSPEC or another protocol than TCP: no address.
  if (command === 0 || (family !== 0x11 && family !== 0x21)) return { kind: 'header', header: { ok: true, sourceIp: undefined }, length };
  const ipv4 = family === 0x11;
  if (body < (ipv4 ? 12 : 36)) return { kind: 'header', header: { ok: false, reason: 'PROXY header addresses malformed' }, length };
  const sourceIp = ipv4 ? [...buf.subarray(16, 20)].join('.') : ipv6Text(buf.subarray(16, 32));
  return { kind: 'header', header: { ok: true, sourceIp }, length };
}

/**
 * An IPv6 address as the socket would give it (RFC 5952: lower case, the longest run of zero groups
 * as `::`), so that one miner counts as one address whichever way it came; an IPv4-mapped one as
 * its IPv4 text.
 */
export function ipv6Text(bytes: Buffer): string {
  if (bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return [...bytes.subarray(12, 16)].join('.');
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i));
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.len) best = { at: i, len: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.len < 2) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.len).join(':')}`;
}
