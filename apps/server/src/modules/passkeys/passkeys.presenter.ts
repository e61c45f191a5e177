// Passkey rows to answers: never the key, the credential id or the counter.
import type { Passkey } from '@hashpool/shared';
import type { PasskeyRow } from './passkeys.repository';

export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    nickname: row.nickname,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    backed_up: row.backedUp,
  };
}
