// Daily contract profit (docs/rules.md, Contracts): for each running order and each complete UTC
// effect day, the day's output from the earnings module's unit earnings, less electricity and the
// management fee, credited through the ledger as "contract profit" with the key
// contract:<order>:<day>. The day's row and its posting commit together, so a run stopped anywhere
// (a crash, a SIGKILL) and run again posts each day once. An order past its last day finishes:
// the fraction its days' credits left (profit_carry) goes to the sub-account's carried fraction of
// the coin (the earnings module's credit_remainders), paid with its next credit of the coin, in
// the transaction that finishes the order.
import { LedgerDecimal as Decimal } from '../ledger';
import { addDays, coinBaseDecimals, utcDay, type ContractOrderStatus } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { runEach } from '../../platform/run-each';
import type { EarningsApi } from '../earnings';
import { movement, post, SYSTEM } from '../ledger';
import { dayProfit } from '../money';
import { plain, profitView, unitFactor } from './contracts.presenter';
import * as repo from './contracts.repository';
import type { OrdersService } from './orders.service';

/** Days of the dashboard's chart. */
const CHART_DAYS = 30;

export class ProfitsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly d: { earnings: EarningsApi['earnings']; orders: OrdersService },
  ) {}

  /**
   * Settles every complete day of every running order not settled yet; answers the days credited.
   * One order that fails does not hold the others' days (it is tried again next pass).
   */
  async settle(): Promise<number> {
    const today = utcDay(this.clock.now());
    let settled = 0;
    await runEach(
      'contract profits',
      await repo.runningOrders(this.db, addDays(today, -1)),
      async (order) => {
        const done = new Set((await repo.profitDays(this.db, order.id)).map((r) => r.day));
        let missing = false;
        for (let day = order.effectDate!; day < order.endDate! && day < today; day = addDays(day, 1)) {
          if (done.has(day)) continue;
          if (await this.settleDay(order.id, day)) settled++;
          else missing = true;
        }
        if (!missing && order.endDate! <= today) await this.finish(order.id);
      },
      (order) => order.id,
    );
    return settled;
  }

  /** One order's day; false when the day has no market values yet (settled on a later run). */
  async settleDay(orderId: string, day: string): Promise<boolean> {
    const first = await repo.findOrder(this.db, orderId);
    if (!first) return false;
    const market = await this.d.earnings.unitEarnings(first.coin, day);
    if (!market?.priceUsd || !new Decimal(market.priceUsd).gt(0)) return false;
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const order = (await repo.lockOrder(tx, orderId))!;
      const p = dayProfit({
        units: order.units,
        hashesPerSecond: unitFactor(order.hashrateUnit).times(order.hashrate),
        powerWatts: order.powerWatts,
        electricityRate: order.electricityRate,
        managementFee: order.managementFee,
        perHashPerSecond: market.perHashPerSecond,
        priceUsd: market.priceUsd!,
        carry: order.profitCarry,
        baseDecimals: coinBaseDecimals(order.coin),
      });
      const fresh = await repo.insertProfit(tx, { orderId, day, output: p.output, electricity: p.electricity, fee: p.fee, net: p.net, credited: p.credited, shortfall: p.shortfall, priceUsd: market.priceUsd!, createdAt: now });
      if (!fresh) return; // settled before
      await repo.updateOrder(tx, orderId, { profitCarry: p.carry });
      if (new Decimal(p.credited).gt(0)) {
        const key = `contract:${orderId}:${day}`;
        await post(tx, movement({ idempotencyKey: key, businessType: 'contract_profit', reference: `contract:${orderId}`, memo: { day }, coin: order.coin, amount: p.credited, from: { holder: SYSTEM.contracts }, to: { holder: order.accountId } }), now);
      }
    });
    return true;
  }

  /**
   * Finishes an order whose days are all credited, once (the status changes from effect under the
   * order's lock). Its last fraction below the base unit is handed to the sub-account's carried
   * fraction of the coin (the one carry mechanism, creditsWithRemainders): a unit it completes is
   * credited now from sys:contracts (key contract:<order>:carry), the rest is paid with the
   * holder's next credit of the coin; the order keeps no fraction.
   */
  private async finish(orderId: string): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const order = await repo.lockOrder(tx, orderId);
      if (!order || order.status !== 'effect') return;
      const now = this.clock.now();
      const [unit] = await this.d.earnings.creditsWithRemainders(tx, order.coin, [{ holder: order.accountId, exact: order.profitCarry }], now);
      const updated = await repo.updateOrder(tx, orderId, { status: 'finish', profitCarry: '0' });
      await this.d.orders.record(tx, updated, 'effect', 'finish', { kind: 'system', id: null }, null);
      if (unit!.gt(0)) {
        await post(tx, movement({ idempotencyKey: `contract:${orderId}:carry`, businessType: 'contract_profit', reference: `contract:${orderId}`, memo: { fraction: new Decimal(order.profitCarry).toFixed() }, coin: order.coin, amount: unit!.toFixed(), from: { holder: SYSTEM.contracts }, to: { holder: order.accountId } }), now);
      }
    });
  }

  // ---- reading ---------------------------------------------------------------------------------

  async page(userId: string, orderId: string, page: number, pageSize: number) {
    const order = await repo.findOrder(this.db, orderId);
    if (!order || order.userId !== userId) return null;
    const [{ rows, total }, totals] = await Promise.all([repo.pageProfits(this.db, orderId, (page - 1) * pageSize, pageSize), repo.profitTotals(this.db, [orderId])]);
    return { list: rows.map(profitView), total, coin: order.coin, total_credited: plain(totals.get(orderId) ?? '0') };
  }

  async dashboard(userId: string) {
    const today = utcDay(this.clock.now());
    const yesterday = addDays(today, -1);
    const running = await repo.ordersOfUser(this.db, userId, ['effect'] satisfies ContractOrderStatus[]);
    const [days, totals] = await Promise.all([repo.dailyProfitsOfUser(this.db, userId, addDays(today, -CHART_DAYS)), repo.totalProfitsOfUser(this.db, userId)]);
    const coins = new Map<string, { hashrate: Decimal; yesterday: Decimal; total: Decimal }>();
    const of = (coin: string) => {
      let c = coins.get(coin);
      if (!c) coins.set(coin, (c = { hashrate: new Decimal(0), yesterday: new Decimal(0), total: new Decimal(0) }));
      return c;
    };
    for (const o of running) of(o.coin).hashrate = of(o.coin).hashrate.plus(unitFactor(o.hashrateUnit).times(o.hashrate).times(o.units));
    for (const t of totals) of(t.coin).total = new Decimal(t.credited);
    for (const d of days) if (d.day === yesterday) of(d.coin).yesterday = new Decimal(d.credited);
    return {
      running: running.length,
      coins: [...coins].map(([coin, c]) => ({ coin, hashrate: c.hashrate.toNumber(), yesterday: c.yesterday.toFixed(), total: c.total.toFixed() })),
      days: days.map((d) => ({ day: d.day, coin: d.coin, credited: plain(d.credited) })),
    };
  }
}
