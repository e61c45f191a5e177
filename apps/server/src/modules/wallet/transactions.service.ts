// The money of a sub-account as its owner sees it: balances per coin beside the coin limits, the
// ledger's postings as a list of movements (filtered by coin, type and dates), and one movement in
// detail (the withdrawal's address and fee, the deposit's address, the transfer's other side).
import type { BusinessType } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { AccountDirectory } from '../accounts';
import type { CoinLimits } from './coin-limits.service';
import { balancesOf, movementOf, pageMovements } from '../ledger';
import { balanceView, movementView, plain } from './wallet.presenter';
import * as repo from './wallet.repository';

export interface TransactionQuery {
  coin?: string | undefined;
  business_type?: BusinessType | undefined;
  start?: string | undefined;
  end?: string | undefined;
  page: number;
  page_size: number;
}

export class TransactionsService {
  constructor(
    private readonly db: Db,
    private readonly d: { limits: CoinLimits; accounts: AccountDirectory },
  ) {}

  async balances(accountId: string) {
    const [held, limits] = await Promise.all([balancesOf(this.db, accountId), this.d.limits.all()]);
    const byCoin = new Map(held.map((b) => [b.coin, b]));
    return { list: limits.sort((a, b) => a.coin.localeCompare(b.coin)).map((l) => balanceView(l, byCoin.get(l.coin))) };
  }

  async list(accountId: string, q: TransactionQuery) {
    // Transfers are one business type in the ledger; the list names their direction.
    const inOut = q.business_type === 'transfer_in' ? 'in' : q.business_type === 'transfer_out' ? 'out' : 'any';
    // The range is inclusive: a day as its end includes that whole day (UTC), a time itself.
    const endDay = Boolean(q.end && /^\d{4}-\d{2}-\d{2}$/.test(q.end));
    const { rows, total } = await pageMovements(
      this.db,
      accountId,
      {
        coin: q.coin,
        businessType: inOut === 'any' ? q.business_type : 'transfer',
        sign: inOut,
        from: q.start ? new Date(q.start) : undefined,
        to: q.end ? (endDay ? new Date(Date.parse(q.end) + 86_400_000) : new Date(q.end)) : undefined,
        toExclusive: endDay,
      },
      (q.page - 1) * q.page_size,
      q.page_size,
    );
    const details = await this.referenceDetails(rows.map((r) => r.reference));
    return { list: rows.map((r) => movementView(r, details)), total };
  }

  /** What a sub-account withdrew of a coin in all (completed withdrawals, without their fees); null when nothing. */
  withdrawnTotal(accountId: string, coin: string): Promise<string | null> {
    return repo.withdrawnTotal(this.db, accountId, coin);
  }

  /** txid and status of the withdrawals and deposits the postings refer to. */
  private async referenceDetails(references: Array<string | null>) {
    const ids = (prefix: string) => references.filter((r): r is string => !!r?.startsWith(prefix)).map((r) => r.slice(prefix.length));
    const out = new Map<string, { txid: string | null; status: string }>();
    for (const row of await repo.withdrawalsByIds(this.db, ids('withdrawal:'))) out.set(`withdrawal:${row.id}`, { txid: row.txid, status: row.status });
    for (const row of await repo.depositsByIds(this.db, ids('deposit:'))) out.set(`deposit:${row.id}`, { txid: row.txid, status: row.status });
    return out;
  }

  async fund(accountId: string, postingId: number) {
    const row = await movementOf(this.db, accountId, postingId);
    if (!row) throw new AppError('not_found');
    const details = await this.referenceDetails([row.reference]);
    let address: string | null = null;
    let fee: string | null = null;
    let counterparty: string | null = null;
    if (row.reference?.startsWith('withdrawal:')) {
      const w = await repo.findWithdrawal(this.db, row.reference.slice('withdrawal:'.length));
      address = w?.address ?? null;
      fee = w ? plain(w.fee) : null;
    } else if (row.reference?.startsWith('deposit:')) {
      address = (await repo.findDeposit(this.db, row.reference.slice('deposit:'.length)))?.address ?? null;
    } else if (row.reference?.startsWith('transfer:')) {
      const t = await repo.findTransfer(this.db, row.reference.slice('transfer:'.length));
      if (t) counterparty = (await this.d.accounts.nameOf(t.fromAccountId === accountId ? t.toAccountId : t.fromAccountId)) ?? null;
    }
    return { ...movementView(row, details), reference: row.reference, memo: row.memo, address, fee, counterparty };
  }
}
