// Address mining's earnings and payments, read side (SPEC.md section 7): what an address earned
// per day (block-settlement.service.ts pays each matured block's PPLNS share into the address's
// wallet) and the payments sent to it (wallet/address-wallets.ts). Public and read-only. An
// address with no data answers zeros and empty lists: it may simply not have mined yet.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { addDays, dayStart, findCoin, isValidMiningAddress, utcDay, type WithdrawalStatus } from '@hashpool/shared';
import { queryRows, type Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { plain, type EarningsService } from './earnings.service';
import { DEFAULT_FEE_RATES } from './earnings.seed';

/** An address-mode coin, or coin_not_found (an account-mode coin has no address pages). */
export function addressCoin(code: string) {
  const coin = findCoin(code);
  if (!coin || coin.mode !== 'address') throw new AppError('coin_not_found');
  return coin;
}

/** The address-mode coin's code, when `address` has that coin's format; else the error the caller sees. */
export function addressOf(code: string, address: string): string {
  const coin = addressCoin(code).code;
  if (!isValidMiningAddress(coin, address)) throw new AppError('address_invalid');
  return coin;
}

export class AddressEarningsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly earnings: EarningsService,
  ) {}

  /** The last `days` days, newest first, paged; with the wallet's totals. */
  async profits(code: string, address: string, query: { page: number; page_size: number; days: number }) {
    const coin = addressOf(code, address);
    const today = utcDay(this.clock.now());
    const from = addDays(today, -(query.days - 1));
    const [wallet] = await queryRows<{ id: string; earned: string | null; available: string | null; frozen: string | null; paid: string | null }>(
      this.db,
      sql`select w.id::text as id,
                 (select sum(amount)::text from block_payouts p where p.account_id = w.id and p.coin = w.coin) as earned,
                 b.available::text as available, b.frozen::text as frozen,
                 (select sum(amount)::text from withdrawals x where x.address_wallet_id = w.id and x.status = 'completed') as paid
            from address_wallets w left join ledger_balances b on b.holder = w.id::text and b.coin = w.coin
           where w.coin = ${coin} and w.address = ${address}`,
    );
    // Days with work or with payments, newest first.
    const days = await queryRows<{ day: string; work: number; amount: string | null; total: number }>(
      this.db,
      sql`with work as (
            select (bucket at time zone 'UTC')::date as day, sum(accepted_work)::float8 as work
              from owner_history where coin = ${coin} and owner = ${address} and bucket >= ${dayStart(from).toISOString()}::timestamptz
             group by 1
          ), paid as (
            select day, sum(amount) as amount from block_payouts
             where ${wallet ? sql`account_id = ${wallet.id}::uuid` : sql`false`} and coin = ${coin} and day >= ${from}::date
             group by day
          )
          select to_char(coalesce(w.day, p.day), 'YYYY-MM-DD') as day, coalesce(w.work, 0) as work, p.amount::text as amount, (count(*) over ())::int as total
            from work w full join paid p on p.day = w.day
           order by 1 desc
           limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    );
    const [limits] = await queryRows<{ min: string }>(this.db, sql`select min_withdraw::text as min from wallet_coin_limits where coin = ${coin}`);
    return {
      coin,
      address,
      method: 'pplns' as const,
      fee_rate: (await this.earnings.feeRates([coin])).get(coin)?.get('pplns') ?? DEFAULT_FEE_RATES.pplns,
      total_earned: plain(wallet?.earned ?? 0),
      total_paid: plain(wallet?.paid ?? 0),
      unpaid: plain(wallet?.available ?? 0),
      paying: plain(wallet?.frozen ?? 0),
      min_payout: plain(limits?.min ?? 0),
      list: days.map((d) => ({ day: d.day, hashrate: d.work / 86_400, amount: new Decimal(d.amount ?? 0).toFixed() })),
      total: days[0]?.total ?? 0,
    };
  }

  /** Payments sent to the address, newest first. */
  async payments(code: string, address: string, query: { page: number; page_size: number }) {
    const coin = addressOf(code, address);
    const rows = await queryRows<{ created_at: string | Date; amount: string; fee: string; txid: string | null; status: string; total: number }>(
      this.db,
      sql`select x.created_at, x.amount::text, x.fee::text, x.txid, x.status, (count(*) over ())::int as total
            from withdrawals x join address_wallets w on w.id = x.address_wallet_id
           where w.coin = ${coin} and w.address = ${address}
           order by x.created_at desc, x.id
           limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    );
    return {
      list: rows.map((r) => ({ time: new Date(r.created_at).toISOString(), amount: plain(r.amount), fee: plain(r.fee), txid: r.txid, status: r.status as WithdrawalStatus })),
      total: rows[0]?.total ?? 0,
    };
  }
}
