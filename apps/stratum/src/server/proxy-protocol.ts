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
