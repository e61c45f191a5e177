// Reads of OTHER modules' tables the earnings pages still make themselves, kept in this one file
// until their owners answer them (the wallet module is being refactored; the content module owns
// the coin registry). Each names the owner's method that should replace it:
// - wallet: a sub-account's completed withdrawals of a coin (wallet.withdrawnTotal(account, coin)),
//   an address wallet of a coin and address with what was sent to it (wallet.addressWallet(coin,
//   address)), and the payments sent to an address (wallet.addressPayments(coin, address, page));
// - content: a coin's price (content.priceOf(coin); listPools leaves out disabled coins).
// Read-only; nothing here is written.
import { sql } from 'drizzle-orm';
import type { WithdrawalStatus } from '@hashpool/shared';
import { queryRows, type DbOrTx } from '../../db/client';

/** What a sub-account withdrew of a coin in all (completed withdrawals, without their fees). */
export async function withdrawnTotal(db: DbOrTx, accountId: string, coin: string): Promise<string | null> {
  const [paid] = await queryRows<{ total: string | null }>(
    db,
    sql`select sum(amount - fee)::text as total from withdrawals where account_id = ${accountId} and coin = ${coin} and status = 'completed'`,
  );
  return paid?.total ?? null;
}

/** An address's wallet of a coin (address mining), with what its completed payments sent; none before its first earnings. */
export async function addressWallet(db: DbOrTx, coin: string, address: string): Promise<{ id: string; paid: string | null } | undefined> {
  const [wallet] = await queryRows<{ id: string; paid: string | null }>(
    db,
    sql`select w.id::text as id, (select sum(amount)::text from withdrawals x where x.address_wallet_id = w.id and x.status = 'completed') as paid
          from address_wallets w where w.coin = ${coin} and w.address = ${address}`,
  );
  return wallet;
}

/** A page of the payments sent to an address, newest first, each row with their number. */
export function addressPayments(db: DbOrTx, coin: string, address: string, offset: number, limit: number) {
  return queryRows<{ created_at: string | Date; amount: string; fee: string; txid: string | null; status: WithdrawalStatus; total: number }>(
    db,
    sql`select x.created_at, x.amount::text, x.fee::text, x.txid, x.status, (count(*) over ())::int as total
          from withdrawals x join address_wallets w on w.id = x.address_wallet_id
         where w.coin = ${coin} and w.address = ${address}
         order by x.created_at desc, x.id
         limit ${limit} offset ${offset}`,
  );
}

/** A coin's price in USD as the coin registry holds it (null when unknown or no such coin). */
export async function coinPriceUsd(db: DbOrTx, coin: string): Promise<string | null> {
  const [price] = await queryRows<{ price_usd: string | null }>(db, sql`select price_usd::text from coins where code = ${coin}`);
  return price?.price_usd ?? null;
}
