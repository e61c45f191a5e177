// Contract products: listed to users (on sale, sold out, ended; never drafts), created and edited by
// operators (audited). Each carries an estimate of one unit's daily net at the latest market day.
import { LedgerDecimal as Decimal } from '../ledger';
import { addDays, coinBaseDecimals, givenNames, USDT_NETWORKS, utcDay, type ContractProductBody } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { EarningsApi } from '../earnings';
import { cut } from '../money';
import { dayProfit } from '../money';
import { productView, unitFactor } from './contracts.presenter';
import * as repo from './contracts.repository';

export class ProductsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly d: { audit: AuditLog; earnings: EarningsApi['earnings']; chainEnabled: (chain: string) => boolean },
  ) {}

  /** One unit's net output of a day at the latest market values, in the coin (null without them). */
  private async estimate(p: repo.ProductRow): Promise<string | null> {
    const today = utcDay(this.clock.now());
    const market = (await this.d.earnings.unitEarnings(p.coin, today)) ?? (await this.d.earnings.unitEarnings(p.coin, addDays(today, -1)));
    if (!market?.priceUsd || !new Decimal(market.priceUsd).gt(0)) return null;
    const day = dayProfit({
      units: 1,
      hashesPerSecond: unitFactor(p.hashrateUnit).times(p.hashrate),
      powerWatts: p.powerWatts,
      electricityRate: p.electricityRate,
      managementFee: p.managementFee,
      perHashPerSecond: market.perHashPerSecond,
      priceUsd: market.priceUsd,
      carry: 0,
      baseDecimals: coinBaseDecimals(p.coin),
    });
    return cut(day.net, coinBaseDecimals(p.coin)).toFixed();
  }

  private async views(rows: repo.ProductRow[]) {
    const now = this.clock.now();
    const networks = USDT_NETWORKS.filter((n) => this.d.chainEnabled(n));
    return Promise.all(rows.map(async (r) => productView(r, now, await this.estimate(r), networks)));
  }

  async list(operator: boolean) {
    return { list: await this.views(await repo.listProducts(this.db, !operator)) };
  }

  async get(id: string, operator = false) {
    const row = await repo.findProduct(this.db, id);
    if (!row || (!operator && row.status === 'draft')) throw new AppError('contract_product_not_found');
    return (await this.views([row]))[0]!;
  }

  private values(body: ContractProductBody) {
    const saleStart = new Date(body.sale_start);
    const saleEnd = new Date(body.sale_end);
    if (!(saleEnd > saleStart)) throw new AppError('contract_product_invalid', { params: { reason: 'sale_end <= sale_start' } });
    return {
      name: body.name.trim(),
      coin: body.coin,
      hashrate: body.hashrate,
      hashrateUnit: body.hashrate_unit,
      durationDays: body.duration_days,
      priceUsdt: body.price_usdt,
      priceFiat: body.price_fiat,
      fiatCurrency: body.fiat_currency,
      powerWatts: body.power_watts,
      electricityRate: body.electricity_rate,
      managementFee: body.management_fee,
      inventory: body.inventory,
      saleStart,
      saleEnd,
      status: body.status,
      terms: Object.fromEntries(Object.entries(body.terms).filter(([, v]) => v !== undefined)) as Record<string, string>,
      names: givenNames(body.names),
    };
  }

  /** A new product; `demo` gives demo data (DEMO_SEED, no operator) its fixed id and label. */
  async create(adminId: string | null, body: ContractProductBody, demo?: { id: string }) {
    const now = this.clock.now();
    const row = await inTransaction(this.db, async (tx) => {
      const created = await repo.insertProduct(tx, { ...this.values(body), createdAt: now, updatedAt: now, ...(demo ? { id: demo.id, demo: true } : {}) });
      await this.d.audit.record({ adminUserId: adminId, action: 'contract_product_create', target: `contract_product:${created.id}`, detail: { name: created.name, coin: created.coin, status: created.status, inventory: String(created.inventory) } }, tx);
      return created;
    });
    return this.get(row.id, true);
  }

  /**
   * Replaces a product's values. The inventory changes by what the operator changed in the form
   * (`inventory_was` to `inventory`), applied to the inventory as it is now: orders placed while
   * the form was open keep their units (set as given, without `inventory_was`).
   */
  async update(adminId: string, id: string, body: ContractProductBody) {
    await inTransaction(this.db, async (tx) => {
      const before = await repo.findProduct(tx, id);
      if (!before) throw new AppError('contract_product_not_found');
      const { inventory, ...rest } = this.values(body);
      const change = body.inventory_was === undefined ? undefined : inventory - body.inventory_was;
      const after = await repo.updateProduct(tx, id, { ...rest, ...(change === undefined ? { inventory } : {}), updatedAt: this.clock.now() }, change);
      const values = { ...rest, inventory: after!.inventory };
      const changed: Record<string, string> = {};
      for (const [k, v] of Object.entries(values)) {
        const old = (before as Record<string, unknown>)[k];
        const text = (x: unknown) => (x instanceof Date ? x.toISOString() : typeof x === 'object' ? JSON.stringify(x) : String(x));
        if (text(old) !== text(v) && !(typeof v === 'string' && old !== null && /^\d/.test(v) && new Decimal(String(old)).eq(v))) changed[k] = `${text(old)} -> ${text(v)}`;
      }
      await this.d.audit.record({ adminUserId: adminId, action: 'contract_product_update', target: `contract_product:${id}`, detail: changed }, tx);
    });
    return this.get(id, true);
  }
}
