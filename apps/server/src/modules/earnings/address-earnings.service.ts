// Address mining's earnings and payments, read side (docs/rules.md, The API, "Address mining"): what an address earned
// per day (block-settlement.service.ts pays each matured block's PPLNS share into the address's
// wallet) and the payments sent to it (the wallet module's address wallets). Public and read-only.
// An address with no data answers zeros and empty lists: it may simply not have mined yet.
import { LedgerDecimal as Decimal } from '../ledger';
import { addDays, dayStart, utcDay, type PayMethod } from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { addressOf } from '../../platform/coin-checks';
import type { HistoryService } from '../mining';
import { balanceOf } from '../ledger';
import { addressWalletIdQuery, type WalletApi } from '../wallet';
import { addressPaymentView, plain } from './earnings.presenter';
import { DEFAULT_FEE_RATES } from './earnings.seed';
import { blockPayoutsSince } from './profits.repository';

/** What address mining's earnings pages are made with. */
export interface AddressEarningsDeps {
  /** Each coin's fee rates per payout method (shown: may be read from a cache, platform/cached-read.ts). */
  feeRates: () => Promise<Map<string, Map<PayMethod, string>>>;
  /** The address's accepted work per day (the mining history). */
  history: Pick<HistoryService, 'ownerWorkByDay'>;
  /** Each coin's minimum payout, the wallet's minimum withdrawal (shown: may be read from a cache). */
  minPayouts: () => Promise<Map<string, string>>;
  /** The address's wallet and the payments sent to it. */
  payouts: Pick<WalletApi['payouts'], 'addressWallet' | 'addressPayments'>;
}

export class AddressEarningsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: AddressEarningsDeps,
  ) {}

  /** The last `days` days, newest first, paged; with the wallet's totals. */
  async profits(code: string, address: string, query: { page: number; page_size: number; days: number }) {
    const coin = addressOf(code, address);
    const today = utcDay(this.clock.now());
    const from = addDays(today, -(query.days - 1));
    // Every read at once: the payouts and the balance name the wallet by a subquery instead of
    // waiting for its lookup (one round to the database, not two: bench:address's profits p99
    // 35-40 ms → 26-31 ms). Without a wallet they find nothing: zeros and an empty list.
    const holder = addressWalletIdQuery(coin, address);
    const [found, work, mins, feeRates, payouts, balance] = await Promise.all([
      this.deps.payouts.addressWallet(coin, address),
      this.deps.history.ownerWorkByDay(coin, address, dayStart(from)),
      this.deps.minPayouts(),
      this.deps.feeRates(),
      blockPayoutsSince(this.db, holder, coin, from),
      balanceOf(this.db, holder, coin),
    ]);
    // Days with work or with payments, newest first.
    const days = new Map<string, { work: number; amount: string | null }>(work.map((w) => [w.day, { work: w.work, amount: null }]));
    for (const p of payouts.byDay) days.set(p.day, { work: days.get(p.day)?.work ?? 0, amount: p.amount });
    const list = [...days].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0));
    const page = list.slice((query.page - 1) * query.page_size, query.page * query.page_size);
    const min = mins.get(coin);
    // A day's mean hashrate is its work over its seconds; today's over those gone so far (a steady
    // miner read at 06:00 UTC showed a quarter of its hashrate, its work over a whole day).
    const todaySeconds = Math.max(1, (this.clock.now().getTime() - dayStart(today).getTime()) / 1000);
    return {
      coin,
      address,
      method: 'pplns' as const,
      fee_rate: feeRates.get(coin)?.get('pplns') ?? DEFAULT_FEE_RATES.pplns,
      total_earned: plain(payouts.total ?? 0),
      total_paid: plain(found?.paid ?? 0),
      unpaid: plain(balance.available),
      paying: plain(balance.frozen),
      min_payout: plain(min ?? 0),
      list: page.map(([day, d]) => ({ day, hashrate: d.work / (day === today ? todaySeconds : 86_400), amount: new Decimal(d.amount ?? 0).toFixed() })),
      // Every day, whatever the page: a page past the end keeps the pager's count.
      total: list.length,
    };
  }

  /** Payments sent to the address, newest first. */
  async payments(code: string, address: string, query: { page: number; page_size: number }) {
    const coin = addressOf(code, address);
    const { rows, total } = await this.deps.payouts.addressPayments(coin, address, query.page, query.page_size);
    return { list: rows.map(addressPaymentView), total };
  }
}
