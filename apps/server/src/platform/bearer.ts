// The token of an `Authorization: Bearer <token>` header. The scheme is case-insensitive (RFC 9110
// §11.1: `bearer`, `BEARER` and `Bearer` are the same), one or more spaces follow it; every reader
// of a bearer token (sessions, OAuth access tokens, the metrics token, logout) uses this one.
export function bearerToken(header: string | undefined): string | null {
  const match = /^bearer +(\S+) *$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
