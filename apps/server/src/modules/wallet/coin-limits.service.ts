// Each coin's wallet limits (wallet_coin_limits, set by operators): minimum withdrawal, fee, the
// single maximum a withdrawal part may be, the review threshold, the four-eyes threshold, and
// whether withdrawals and deposits are open. Read on every request, so an operator's change takes
// effect on the next withdrawal without a restart. A coin whose chain is disabled (CHAIN_ADAPTERS)
// reads as closed for both, whatever its row says; the operators' screen shows the row and the chain.
import { coinBaseDecimals, COINS, maxSupplyOf, type CoinSettings } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { LedgerDecimal as Decimal } from '../ledger';
import { plain } from './wallet.presenter';
import * as repo from './wallet.repository';

export type CoinSettingsInput = Omit<CoinSettings, 'coin' | 'max_supply' | 'chain' | 'network'> & { reason: string };

/** Each coin's chain and node network, from the server's configuration. */
export interface CoinChainInfo {
  kindOf: (coin: string) => CoinSettings['chain'];
  network: (coin: string) => CoinSettings['network'];
}

/** Every coin on the simulated chain (tests that build limits without the wallet module). */
const SIMULATED: CoinChainInfo = { kindOf: () => 'simulated', network: () => null };

function settingsView(l: repo.LimitsRow, chains: CoinChainInfo): CoinSettings {
  return {
    coin: l.coin,
    withdraw_enabled: l.withdrawEnabled,
    min_withdraw: plain(l.minWithdraw),
    withdraw_fee: plain(l.withdrawFee),
    max_single_withdraw: plain(l.maxSingleWithdraw),
    audit_threshold: plain(l.auditThreshold),
    four_eyes_threshold: l.fourEyesThreshold === null ? null : plain(l.fourEyesThreshold),
    adjustment_cap: l.adjustmentCap === null ? null : plain(l.adjustmentCap),
    max_supply: maxSupplyOf(l.coin),
    deposit_confirmations: l.depositConfirmations,
    chain: chains.kindOf(l.coin),
    network: chains.network(l.coin),
  };
}

export class CoinLimits {
  constructor(
    private readonly db: Db,
    private readonly audit?: AuditLog,
    private readonly chains: CoinChainInfo = SIMULATED,
  ) {}

  /** The row as it applies: a coin without a chain takes no deposits and sends no withdrawals. */
  private effective(row: repo.LimitsRow): repo.LimitsRow {
    return this.chains.kindOf(row.coin) === 'disabled' ? { ...row, withdrawEnabled: false, depositEnabled: false } : row;
  }

  /** The coin's limits as they apply; coin_not_found for a coin the wallet does not hold. */
  async of(coin: string): Promise<repo.LimitsRow> {
    const row = await repo.coinLimits(this.db, coin);
    if (!row) throw new AppError('coin_not_found');
    return this.effective(row);
  }

  async all(): Promise<repo.LimitsRow[]> {
    return (await repo.allCoinLimits(this.db)).map((row) => this.effective(row));
  }

  /** Each coin's minimum withdrawal (address mining pays its addresses from it). */
  async minWithdrawals(): Promise<Map<string, string>> {
    return new Map((await this.all()).map((l) => [l.coin, plain(l.minWithdraw)]));
  }

  /** The operators' coin settings screen. */
  async settings(): Promise<{ list: CoinSettings[] }> {
    const order = new Map(COINS.map((c, i) => [c.code, i]));
    // The operator's own settings (not closed by a disabled chain), beside the chain.
    const rows = (await repo.allCoinLimits(this.db)).sort((a, b) => (order.get(a.coin) ?? 999) - (order.get(b.coin) ?? 999));
    return { list: rows.map((row) => settingsView(row, this.chains)) };
  }

  /**
   * An operator's change (audited with the values before and after and the reason). The fee must
   * be below the minimum (a part must leave something to send), the minimum at most the single
   * maximum; amounts have at most the coin's base decimals.
   */
  async update(adminUserId: string, coin: string, input: CoinSettingsInput): Promise<CoinSettings> {
    const decimals = coinBaseDecimals(coin);
    const amounts = { min_withdraw: input.min_withdraw, withdraw_fee: input.withdraw_fee, max_single_withdraw: input.max_single_withdraw, audit_threshold: input.audit_threshold, ...(input.four_eyes_threshold === null ? {} : { four_eyes_threshold: input.four_eyes_threshold }), ...(input.adjustment_cap === null ? {} : { adjustment_cap: input.adjustment_cap }) };
    const fields = Object.entries(amounts).flatMap(([field, v]) => (new Decimal(v).decimalPlaces() > decimals ? [{ field: `body.${field}`, messageKey: 'amount' }] : []));
    if (fields.length) throw new AppError('validation_failed', { fields });
    const min = new Decimal(input.min_withdraw);
    if (new Decimal(input.withdraw_fee).gte(min)) throw new AppError('coin_settings_invalid', { params: { detail: 'withdraw_fee >= min_withdraw' } });
    if (min.gt(input.max_single_withdraw)) throw new AppError('coin_settings_invalid', { params: { detail: 'min_withdraw > max_single_withdraw' } });
    return inTransaction(this.db, async (tx) => {
      // Locked: two operators saving at once take turns, and the audit's "before" is what each changed.
      const before = await repo.lockCoinLimits(tx, coin);
      if (!before) throw new AppError('coin_not_found');
      const after = await repo.updateCoinLimits(tx, coin, {
        withdrawEnabled: input.withdraw_enabled,
        minWithdraw: input.min_withdraw,
        withdrawFee: input.withdraw_fee,
        maxSingleWithdraw: input.max_single_withdraw,
        auditThreshold: input.audit_threshold,
        fourEyesThreshold: input.four_eyes_threshold,
        adjustmentCap: input.adjustment_cap,
        depositConfirmations: input.deposit_confirmations,
      });
      const view = settingsView(after!, this.chains);
      const old = settingsView(before, this.chains);
      const changed = (Object.keys(view) as Array<keyof CoinSettings>).filter((k) => view[k] !== old[k]);
      await this.audit?.record({ adminUserId, action: 'coin_settings_update', target: `coin:${coin}`, detail: { ...Object.fromEntries(changed.map((k) => [k, `${String(old[k])} -> ${String(view[k])}`])), reason: input.reason } }, tx);
      return view;
    });
  }
}
