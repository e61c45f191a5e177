// Observer link rows to answers: the token never, only its last characters.
import { observerPaths, type ObserverInfo, type ObserverLink, type ObserverStatus } from '@hashpool/shared';
import type { ObserverLinkRow } from './observers.tables';

export function statusOf(row: ObserverLinkRow, now: Date): ObserverStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

export function presentLink(row: ObserverLinkRow, accountName: string, now: Date): ObserverLink {
  return {
    id: row.id,
    account: accountName,
    nickname: row.nickname,
    permission: row.permission,
    expiry: row.expiry,
    expires_at: row.expiresAt?.toISOString() ?? null,
    status: statusOf(row, now),
    token_masked: `••••••••${row.tokenHint}`,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function presentInfo(row: ObserverLinkRow, accountName: string, coin: string | null): ObserverInfo {
  return {
    nickname: row.nickname,
    account: accountName,
    coin,
    permission: row.permission,
    pages: observerPaths(row.permission),
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}
