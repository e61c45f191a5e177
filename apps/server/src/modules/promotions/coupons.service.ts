// Fee coupons (docs/rules.md, Promotions). Operators create campaigns (a reduction percent, coins,
// days of validity once started, a use-before date, codes); a user redeems a code (one code gives
// one coupon), then starts the coupon for a coin on the current sub-account: from the next UTC
// settlement day, for valid_days days, both settlements price that sub-account's fee of the coin
// with the reduction (feeReduction(), the earnings module's port). One coupon in use per
// sub-account and coin: starting a second is refused (coupon_coin_in_use, with the end of the one
// in use). The job marks finished coupons used, expires unused ones past their use-before date and
// records each settled day's saving from the day's profit rows.
import { randomBytes } from 'node:crypto';
import { LedgerDecimal as Decimal } from '../ledger';
import { addDays, coinBaseDecimals, COINS, givenNames, utcDay, type CouponStatus, type NewCampaign } from '@hashpool/shared';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { AccountDirectory } from '../accounts';
import type { EarningsApi, FeeSaving } from '../earnings';
import { feeBeforeReduction, feeSaving } from '../money';
import { campaignView, couponView, savingView } from './promotions.presenter';
import * as repo from './promotions.repository';

const ACCOUNT_COINS = COINS.filter((c) => c.mode === 'account').map((c) => c.code);
/** Random codes: no 0/O or 1/I, 12 characters in groups of four (about 60 bits). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Days back the savings job looks for settled days it has not recorded. */
const SAVINGS_LOOKBACK_DAYS = 7;

export function randomCouponCode(): string {
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

export interface CouponsDeps {
  accounts: Pick<AccountDirectory, 'namesByIds' | 'emailsOf'>;
  settlement: Pick<EarningsApi['settlement'], 'settledRows'>;
  /** The coin's fee rates by method now (the saving's full rate when a 100 % coupon hides it). */
  feeRates: (coin: string) => Promise<Map<string, string>>;
  audit: AuditLog;
}

export class CouponsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: CouponsDeps,
  ) {}

  // ---- the settlement's port --------------------------------------------------------------------

  /** Percent off the fee per sub-account for the coin's `day` (the earnings module's FeeReduction). */
  async feeReduction(coin: string, day: string, accountIds: string[]): Promise<Map<string, string>> {
    const rows = await repo.reductionsOn(this.db, coin, day, accountIds);
    return new Map(rows.map((r) => [r.accountId!, new Decimal(r.percent).toFixed()]));
  }

  /** What the sub-account's coupons saved of the coin per day (the profits rows show it). */
  async savingsByDay(accountId: string, coin: string, days: readonly string[]): Promise<Map<string, string>> {
    const rows = await repo.savingsOfDays(this.db, accountId, coin, days);
    const out = new Map<string, string>();
    for (const r of rows) out.set(r.day, new Decimal(out.get(r.day) ?? 0).plus(r.saving).toFixed());
    return out;
  }

  /**
   * Records what the coupons saved on a block's payouts (the earnings module's RecordFeeSavings),
   * in the block settlement's transaction: each payee's coupon of the block's day, once per block,
   * payee and method (a second call records nothing).
   */
  async recordBlockSavings(tx: Tx, entry: { source: string; coin: string; reductionDay: string; day: string; savings: FeeSaving[]; at: Date }): Promise<void> {
    const found = await repo.couponsOn(tx, entry.coin, entry.reductionDay, [...new Set(entry.savings.map((s) => s.accountId))]);
    const couponOf = new Map(found.map((c) => [c.accountId!, c.id]));
    const rows = entry.savings.flatMap((s) => {
      const couponId = couponOf.get(s.accountId);
      return couponId
        ? [{ source: entry.source, accountId: s.accountId, method: s.method, couponId, coin: entry.coin, day: entry.day, feeRate: s.feeRate, reducedFeeRate: s.reducedFeeRate, saving: s.saving, recordedAt: entry.at }]
        : [];
    });
    await repo.insertBlockSavings(tx, rows);
  }

  // ---- users ------------------------------------------------------------------------------------

  async redeem(userId: string, rawCode: string) {
    const code = rawCode.trim().toUpperCase();
    if (code === '') throw new AppError('coupon_code_required');
    const now = this.clock.now();
    const id = await inTransaction(this.db, async (tx) => {
      const found = await repo.lockCode(tx, code);
      if (!found) throw new AppError('coupon_code_unknown');
      if (found.code.redeemedBy) throw new AppError('coupon_code_used');
      if (found.campaign.disabledAt) throw new AppError('coupon_code_disabled');
      if (found.campaign.useBefore.getTime() <= now.getTime()) throw new AppError('coupon_code_expired');
      if (!(await repo.markCodeRedeemed(tx, code, userId, now))) throw new AppError('coupon_code_used');
      const coupon = await repo.insertCoupon(tx, { userId, campaignId: found.campaign.id, code, status: 'unused', redeemedAt: now });
      return coupon.id;
    });
    return this.detail(userId, id);
  }

  async list(userId: string, q: { page: number; page_size: number; status?: CouponStatus | undefined }) {
    const { rows, total } = await repo.pageCoupons(this.db, userId, q.status, (q.page - 1) * q.page_size, q.page_size);
    const [names, totals] = await Promise.all([this.deps.accounts.namesByIds(rows.flatMap((r) => (r.accountId ? [r.accountId] : []))), repo.savingTotals(this.db, rows.map((r) => r.id))]);
    return { list: rows.map((r) => couponView(r, names, totals.get(r.id))), total };
  }

  async detail(userId: string, id: string) {
    const coupon = await repo.findCoupon(this.db, userId, id);
    if (!coupon) throw new AppError('coupon_not_found');
    const [names, savings] = await Promise.all([this.deps.accounts.namesByIds(coupon.accountId ? [coupon.accountId] : []), repo.savingsOf(this.db, id)]);
    const total = savings.reduce((sum, s) => sum.plus(s.saving), new Decimal(0));
    return { ...couponView(coupon, names, total.toFixed()), savings: savings.map(savingView) };
  }

  /**
   * Starts an unused coupon for `coin` on the caller's current sub-account: it cuts the fee of
   * the settlement days from tomorrow (UTC) for its valid days.
   */
  async start(userId: string, accountId: string, id: string, coin: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.startOnce(userId, accountId, id, coin);
        return this.detail(userId, id);
      } catch (error) {
        // Two coupons started at once for the same coin: the unique index lets one through and
        // aborts the other's transaction. The one in use is read after it, to name its last day
        // (as the check in the transaction does). Found none (it finished meanwhile): the coin is
        // free, and the start is tried once more; refused again so, another start is still under
        // way (a retryable 409, not the database's error).
        if (!isUniqueViolation(error)) throw error;
        const current = await repo.couponInUse(this.db, accountId, coin);
        if (current) throw new AppError('coupon_coin_in_use', { params: { coin: coin.toUpperCase(), until: current.endDay! } });
        if (attempt >= 2) throw new AppError('request_in_progress');
      }
    }
  }

  private async startOnce(userId: string, accountId: string, id: string, coin: string): Promise<void> {
    const now = this.clock.now();
    await inTransaction(this.db, async (tx: Tx) => {
      const coupon = await repo.findCoupon(tx, userId, id);
      if (!coupon) throw new AppError('coupon_not_found');
      if (coupon.status === 'unused' && coupon.campaign.useBefore.getTime() <= now.getTime()) throw new AppError('coupon_expired');
      if (coupon.status !== 'unused') throw new AppError('coupon_not_unused');
      const scope = coupon.campaign.coins.length > 0 ? coupon.campaign.coins : ACCOUNT_COINS;
      if (!scope.includes(coin)) throw new AppError('coupon_coin_out_of_scope');
      const current = await repo.couponInUse(tx, accountId, coin);
      if (current) throw new AppError('coupon_coin_in_use', { params: { coin: coin.toUpperCase(), until: current.endDay! } });
      const startDay = addDays(utcDay(now), 1);
      const endDay = addDays(startDay, coupon.campaign.validDays - 1);
      // A concurrent start of another coupon for the coin fails here on the unique index (start()).
      if (!(await repo.startCoupon(tx, id, { coin, accountId, startDay, endDay, startedAt: now }))) throw new AppError('coupon_not_unused');
    });
  }

  // ---- operators --------------------------------------------------------------------------------

  async createCampaign(adminUserId: string | null, body: NewCampaign, options: { isDemo?: boolean; codes?: string[] } = {}) {
    const now = this.clock.now();
    const useBefore = new Date(body.use_before);
    if (useBefore.getTime() <= now.getTime()) throw new AppError('campaign_use_before_past');
    if (body.code !== undefined && body.code_count !== 1) throw new AppError('campaign_single_code_count');
    const codes = options.codes ?? (body.code !== undefined ? [body.code.toUpperCase()] : Array.from({ length: body.code_count }, randomCouponCode));
    const coins = [...new Set(body.coins)].sort();
    return inTransaction(this.db, async (tx) => {
      const campaign = await repo.insertCampaign(tx, {
        name: body.name,
        names: givenNames(body.names),
        reductionPercent: body.reduction_percent,
        coins,
        validDays: body.valid_days,
        useBefore,
        codeCount: codes.length,
        createdBy: adminUserId,
        isDemo: options.isDemo ?? false,
        createdAt: now,
      });
      const added = await repo.insertCodes(tx, campaign.id, codes);
      if (added !== codes.length) {
        if (body.code !== undefined || options.codes) throw new AppError('campaign_code_taken');
        // A random code met an existing one (about 2^-60 each): draw replacements.
        let missing = codes.length - added;
        while (missing > 0) missing -= await repo.insertCodes(tx, campaign.id, Array.from({ length: missing }, randomCouponCode));
      }
      if (adminUserId) {
        await this.deps.audit.record({ adminUserId, action: 'coupon_campaign_create', target: `coupon_campaign:${campaign.id}`, detail: { name: body.name, reduction_percent: body.reduction_percent, coins: coins.join(',') || 'all', codes: String(codes.length) } }, tx);
      }
      return campaignView(campaign, 0);
    });
  }

  async campaigns(page: number, pageSize: number) {
    const { rows, total } = await repo.pageCampaigns(this.db, (page - 1) * pageSize, pageSize);
    return { list: rows.map((r) => campaignView(r.campaign, r.redeemed)), total };
  }

  /**
   * Disables a campaign: its codes not yet redeemed redeem no more (coupon_code_disabled); the
   * coupons already redeemed keep working as they were. Audited when it changes the campaign;
   * disabling a disabled campaign answers it as it is.
   */
  async disableCampaign(adminUserId: string, campaignId: string) {
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const campaign = await repo.findCampaign(tx, campaignId);
      if (!campaign) throw new AppError('campaign_not_found');
      if (!(await repo.disableCampaign(tx, campaignId, adminUserId, now))) return;
      await this.deps.audit.record({ adminUserId, action: 'coupon_campaign_disable', target: `coupon_campaign:${campaignId}`, detail: { name: campaign.name } }, tx);
    });
    const found = await repo.campaignWithRedeemed(this.db, campaignId);
    return campaignView(found!.campaign, found!.redeemed);
  }

  /** The campaign's codes as CSV (code, redeemed, redeemed at, by whom); audited. */
  async codesCsv(adminUserId: string, campaignId: string): Promise<{ filename: string; csv: string }> {
    const campaign = await repo.findCampaign(this.db, campaignId);
    if (!campaign) throw new AppError('campaign_not_found');
    const codes = await repo.codesOfCampaign(this.db, campaignId);
    const emails = await this.deps.accounts.emailsOf(codes.flatMap((c) => (c.redeemedBy ? [c.redeemedBy] : [])));
    const lines = ['code,redeemed,redeemed_at,redeemed_by'];
    for (const c of codes) lines.push([c.code, c.redeemedBy ? 'yes' : 'no', c.redeemedAt?.toISOString() ?? '', csvCell(c.redeemedBy ? (emails.get(c.redeemedBy) ?? '') : '')].join(','));
    await this.deps.audit.record({ adminUserId, action: 'coupon_codes_export', target: `coupon_campaign:${campaignId}`, detail: { codes: String(codes.length) } });
    return { filename: `coupon-codes-${campaignId}.csv`, csv: `${lines.join('\r\n')}\r\n` };
  }

  // ---- the job ----------------------------------------------------------------------------------

  /** Expires and finishes coupons, and records the savings of settled days; answers what it did. */
  async tick(): Promise<{ expired: number; used: number; savings: number }> {
    const now = this.clock.now();
    const today = utcDay(now);
    const expired = await repo.expireUnused(this.db, now);
    let savings = 0;
    // Savings before finishing: a coupon whose last day was yesterday is still found either way.
    for (let back = SAVINGS_LOOKBACK_DAYS; back >= 1; back--) savings += await this.recordSavings(addDays(today, -back));
    const used = await repo.finishInUse(this.db, today, now);
    return { expired, used, savings };
  }

  /** Records the saving of `day` of every started coupon whose coin's day is settled. */
  async recordSavings(day: string): Promise<number> {
    const due = await repo.couponsWithoutSaving(this.db, day);
    const byCoin = new Map<string, typeof due>();
    for (const c of due) byCoin.set(c.coin!, [...(byCoin.get(c.coin!) ?? []), c]);
    let recorded = 0;
    for (const [coin, list] of byCoin) {
      const rows = await this.deps.settlement.settledRows(coin, day, list.map((c) => c.accountId!));
      if (!rows) continue; // the day is not settled yet
      const fees = await this.deps.feeRates(coin);
      const now = this.clock.now();
      const out = list.map((c) => {
        const percent = new Decimal(c.percent);
        const mine = rows.filter((r) => r.accountId === c.accountId);
        let saving = new Decimal(0);
        let full = '0';
        let reduced = '0';
        for (const r of mine) {
          // The rate the settlement read before the reduction; rows from before it was kept give it
          // back from the reduced one, and a 100 % coupon's 0 cannot: the coin's rate now then.
          const fullRate = r.fullFeeRate !== null ? new Decimal(r.fullFeeRate) : (feeBeforeReduction(r.feeRate, percent) ?? new Decimal(fees.get(r.method) ?? 0));
          saving = saving.plus(feeSaving(r.gross, fullRate, r.feeRate));
          full = fullRate.toFixed();
          reduced = new Decimal(r.feeRate).toFixed();
        }
        return { couponId: c.id, day, coin, accountId: c.accountId!, feeRate: full, reducedFeeRate: reduced, saving: saving.toDecimalPlaces(coinBaseDecimals(coin) + 10).toFixed(), recordedAt: now };
      });
      await repo.insertSavings(this.db, out);
      recorded += out.length;
    }
    return recorded;
  }
}

function csvCell(value: string): string {
  // Formula injection: a cell starting with = + - @ is quoted with a leading apostrophe.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
