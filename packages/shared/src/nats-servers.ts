// NATS_URL as the pool and its stratum servers read it: one or more comma-separated server URLs,
// where the first carrying credentials (`nats://user:password@host:4222`, or a token:
// `nats://token@host:4222`) gives them for all. The nats.js client drops a URL's credentials
// without a word, so they are taken out here and passed as its options; the servers are logged
// without them.

export interface NatsServers {
  /** The server URLs without credentials (also what may be logged). */
  servers: string[];
  user?: string;
  pass?: string;
  token?: string;
}

/** Scheme, then everything up to the LAST @ (a password may hold / or an unencoded @), then the host. */
const WITH_USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)?(.*)@([^@]*)$/i;

/** A URL part as written when it is not valid percent-encoding (a lone %): not a crash at start. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function natsServers(url: string): NatsServers {
  const out: NatsServers = { servers: [] };
  let found = false;
  for (const raw of url.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = WITH_USERINFO.exec(raw);
    if (!m) {
      out.servers.push(raw);
      continue;
    }
    out.servers.push(`${m[1] ?? ''}${m[3]}`);
    if (found) continue;
    found = true;
    const info = m[2]!;
    const colon = info.indexOf(':');
    if (colon < 0) out.token = decoded(info);
    else {
      out.user = decoded(info.slice(0, colon));
      out.pass = decoded(info.slice(colon + 1));
    }
  }
  return out;
}
