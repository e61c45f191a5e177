// Where a pool row leads: account-mode coins to their pool statistics, address-mode coins to the
// address-mining dashboard (docs/rules.md, Routes and access, keeps the two families on separate routes).
import type { PoolItem } from '@hashpool/shared';

export function poolLink(pool: Pick<PoolItem, 'coin' | 'mode'>): string {
  return pool.mode === 'address' ? `/mining/${pool.coin}/dashboard` : `/pool/${pool.coin}/stat`;
}
