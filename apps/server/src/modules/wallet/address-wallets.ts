// Address mining's ledger holders: one wallet per (coin, address), made on the address's first
// earnings. Its id is what the ledger, the block payouts and the payments (withdrawals) name; its
// balance is paid to the address once a day when it reaches the coin's minimum payout.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { coinBaseDecimals } from '@hashpool/shared';
import { queryRows, sqlArray, type Db, type DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { freezeFunds } from './withdrawal-processor';
import { withdrawals } from './wallet.tables';

/** The wallet ids of `addresses` of `coin`, making the missing ones. */
export async function addressWalletIds(db: DbOrTx, coin: string, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const unique = [...new Set(addresses)];
  await db.execute(sql`insert into address_wallets (coin, address) select ${coin}, a from unnest(${sqlArray(unique)}::text[]) as a on conflict (coin, address) do nothing`);
  const rows = await queryRows<{ address: string; id: string }>(db, sql`select address, id::text as id from address_wallets where coin = ${coin} and address = any(${sqlArray(unique)}::text[])`);
  return new Map(rows.map((r) => [r.address, r.id]));
}

/**
 * The daily payment of address mining: every address wallet whose available balance reached the
 * coin's minimum payout gets it sent to its address (at most the coin's single maximum; the rest
 * goes the next day), as a withdrawal in processing that the withdrawal processor sends, settles
 * or fails and returns like any other. The key names the day: a second run that day pays nothing.
 * Answers how many payments were made.
 */
export async function runAddressPayouts(db: Db, now: Date, day: string): Promise<number> {
  const due = await queryRows<{ id: string; coin: string; address: string; available: string; fee: string; max_single: string }>(
    db,
    sql`select w.id::text as id, w.coin, w.address, b.available::text as available, l.withdraw_fee::text as fee, l.max_single_withdraw::text as max_single
          from address_wallets w
          join ledger_balances b on b.holder = w.id::text and b.coin = w.coin
          join wallet_coin_limits l on l.coin = w.coin
         where l.withdraw_enabled and b.available >= l.min_withdraw and b.available > l.withdraw_fee
         order by w.coin, w.id`,
  );
  let paid = 0;
  for (const w of due) {
    const amount = Decimal.min(w.available, w.max_single).toDecimalPlaces(coinBaseDecimals(w.coin), Decimal.ROUND_DOWN);
    const made = await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(withdrawals)
        .values({ requestId: randomUUID(), partNo: 1, parts: 1, addressWalletId: w.id, coin: w.coin, address: w.address, amount: amount.toFixed(), fee: w.fee, status: 'processing', origin: 'address_payout', idempotencyKey: `address-payout:${day}`, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) return false; // paid today already
      await freezeFunds(tx, row, now);
      return true;
    });
    if (made) paid++;
  }
  return paid;
}
