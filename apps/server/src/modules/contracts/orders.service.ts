// Contract orders (docs/rules.md, Contracts): the buyer chooses how to pay before ordering. An order
// takes inventory by a conditional update and gets its pay amount and, by the chosen method, a USDT
// address of its own (the chain adapter), the pool's bank details and a reference, or a quote in
// its coin for the wallet balance. Only a bank-transfer order takes a payment certificate (image or
// PDF by content, 10 MB), changeable while unpaid; only a balance order is paid from the balance,
// in one ledger posting. The owner may cancel while unpaid; an unpaid order is cancelled 2 hours
// after creation; a USDT payment the adapter sees confirms the order, otherwise an operator
// confirms or rejects it. Every transition is in the order's history and messaged to the user.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LedgerDecimal as Decimal } from '../ledger';
import { coinWorth, orderPrice } from '../money';
import { addDays, coinBaseDecimals, CONTRACT_CERTIFICATE_MAX_BYTES, CONTRACT_PAY_METHODS, CONTRACT_UNPAID_TTL_MS, USDT_NETWORKS, utcDay, walletSubject, type ContractOrderStatus, type ContractPayMethod, type PayFromBalanceBody } from '@hashpool/shared';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { DOCUMENT_TYPES, type FileService } from '../../platform/files';
import { oneRequestPerKey } from '../../platform/idempotency';
import { refuseOwnMoney } from '../../platform/own-money';
import { runEach } from '../../platform/run-each';
import type { Notifications } from '../../platform/notifications';
import type { AccountDirectory } from '../accounts';
import type { EarningsApi } from '../earnings';
import { balanceOf, movement, post, SYSTEM } from '../ledger';
import { type ChainAdapter, type WalletApi } from '../wallet';
import { eventView, orderView, plain } from './contracts.presenter';
import * as repo from './contracts.repository';

export const CERTIFICATE_RULE = { purpose: 'contract_certificate', allowed: DOCUMENT_TYPES, maxBytes: CONTRACT_CERTIFICATE_MAX_BYTES };
export const BANK_SETTING = 'bank_details';
/** Network confirmations before a USDT payment confirms an order. */
const USDT_CONFIRMATIONS = 1;
const OPEN: ContractOrderStatus[] = ['unpaid', 'checking'];

export interface OrderDeps {
  chain: ChainAdapter;
  files: FileService;
  notifications: Notifications;
  audit: AuditLog;
  accounts: AccountDirectory;
  earnings: EarningsApi['earnings'];
  /** The wallet's checks of a transfer: paying from the balance moves the user's money to the pool. */
  checks: Pick<WalletApi['checks'], 'authorise'>;
}

type Actor = { kind: 'user' | 'operator' | 'system'; id: string | null };

/** How long after it was placed the address of an order closed unpaid is watched for a late payment. */
export const LATE_PAYMENT_WATCH_DAYS = 30;

/** The reasons the system gives in an order's history and messages: codes the web words in each language. */
export const SYSTEM_REASONS = {
  /** Still unpaid 2 hours after it was placed. */
  expired: 'unpaid_expired',
  /** Its USDT payment arrived with its confirmation and at least the amount. */
  paidOnChain: 'paid_on_chain',
  /** Something arrived at its USDT address by the 2 hours, below the amount or not yet confirmed: the operators look. */
  paymentToCheck: 'payment_to_check',
} as const;

export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly d: OrderDeps,
  ) {}

  // ---- creating --------------------------------------------------------------------------------

  create(userId: string, accountId: string, key: string, body: { product_id: string; units: number; pay_method: ContractPayMethod; agree_terms: boolean }) {
    if (!body.agree_terms) throw new AppError('contract_terms_required');
    return oneRequestPerKey(this.db, `contract-order:${userId}:${key}`, async () => {
      const previous = await repo.orderByKey(this.db, userId, key);
      if (previous) {
        if (previous.productId !== body.product_id || previous.units !== body.units || previous.payMethod !== body.pay_method) throw new AppError('idempotency_conflict');
        return this.detail(userId, previous.id, false);
      }
      const product = await repo.findProduct(this.db, body.product_id);
      if (!product || product.status === 'draft') throw new AppError('contract_product_not_found');
      const now = this.clock.now();
      const bank = body.pay_method === 'bank' ? await repo.setting(this.db, BANK_SETTING) : undefined;
      if (body.pay_method === 'bank' && (!bank?.account_number || product.priceFiat === null)) throw new AppError('contract_bank_unset');
      const id = randomUUID();
      let payAddress: string | null = null;
      if (body.pay_method === 'usdt_trc20' || body.pay_method === 'usdt_erc20') {
        try {
          payAddress = await this.d.chain.depositAddress(body.pay_method, id);
        } catch (error) {
          throw new AppError('contract_network_unavailable', { cause: error });
        }
      }
      const amountUsdt = orderPrice(product.priceUsdt, body.units);
      const order = await inTransaction(this.db, async (tx) => {
        const taken = await repo.takeInventory(tx, product.id, body.units, now);
        if (!taken) {
          const current = (await repo.findProduct(tx, product.id))!;
          if (current.status !== 'on_sale' || now < current.saleStart || now > current.saleEnd) throw new AppError('contract_not_on_sale');
          throw new AppError('contract_inventory_short', { params: { available: String(current.inventory) } });
        }
        const row = await repo.insertOrder(tx, {
          id,
          userId,
          accountId,
          productId: product.id,
          requestKey: key,
          productName: product.name,
          coin: product.coin,
          units: body.units,
          hashrate: product.hashrate,
          hashrateUnit: product.hashrateUnit,
          durationDays: product.durationDays,
          powerWatts: product.powerWatts,
          electricityRate: product.electricityRate,
          managementFee: product.managementFee,
          amountUsdt: amountUsdt.toFixed(),
          payMethod: body.pay_method,
          payAmount: body.pay_method === 'bank' ? orderPrice(product.priceFiat!, body.units).toFixed() : amountUsdt.toFixed(),
          payCurrency: body.pay_method === 'bank' ? product.fiatCurrency : 'USDT',
          payAddress,
          payReference: `HP${id.replace(/-/g, '').slice(0, 10).toUpperCase()}`,
          status: 'unpaid',
          createdAt: now,
          demo: product.demo,
        });
        await this.record(tx, row, null, 'unpaid', { kind: 'user', id: userId }, null);
        return row;
      }).catch(async (error: unknown) => {
        if (isUniqueViolation(error)) {
          const raced = await repo.orderByKey(this.db, userId, key);
          if (raced) return raced;
        }
        throw error;
      });
      return this.detail(userId, order.id, false);
    });
  }

  // ---- reading ---------------------------------------------------------------------------------

  /** The order of `userId` (or any order for an operator); contract_order_not_found otherwise. */
  private async visible(userId: string, id: string, operator: boolean): Promise<repo.OrderRow> {
    const order = await repo.findOrder(this.db, id);
    if (!order || (!operator && order.userId !== userId)) throw new AppError('contract_order_not_found');
    return order;
  }

  async detail(userId: string, id: string, operator: boolean) {
    const order = await this.visible(userId, id, operator);
    const [events, totals, bank, balancePay] = await Promise.all([
      repo.eventsOf(this.db, id),
      repo.profitTotals(this.db, [id]),
      order.payMethod === 'bank' ? repo.setting(this.db, BANK_SETTING) : Promise.resolve(undefined),
      order.payMethod === 'balance' && OPEN.includes(order.status) ? this.balanceQuote(order).catch(() => null) : Promise.resolve(null),
    ]);
    return {
      ...orderView(order, totals.get(id)),
      history: events.map(eventView),
      bank: bank ? { bank_name: bank.bank_name ?? '', account_name: bank.account_name ?? '', account_number: bank.account_number ?? '', swift: bank.swift ?? '', note: bank.note ?? '' } : null,
      balance_pay: balancePay,
    };
  }

  async list(userId: string | null, q: { page: number; page_size: number; status?: ContractOrderStatus | undefined }) {
    const { rows, total } = await repo.pageOrders(this.db, { ...(userId ? { userId } : {}), status: q.status }, (q.page - 1) * q.page_size, q.page_size);
    const totals = await repo.profitTotals(this.db, rows.map((r) => r.id));
    const names = userId ? undefined : await this.d.accounts.recipients(rows.map((r) => r.accountId));
    return { list: rows.map((r) => orderView(r, totals.get(r.id), names ? (names.get(r.accountId)?.accountName ?? '') : undefined)), total };
  }

  // ---- certificate -------------------------------------------------------------------------------

  async uploadCertificate(userId: string, id: string, request: FastifyRequest) {
    const order = await this.visible(userId, id, false);
    // A certificate proves a bank transfer; USDT is seen on chain and the balance pays at once.
    if (order.payMethod !== 'bank') throw new AppError('contract_certificate_bank_only', { params: { method: order.payMethod } });
    if (!OPEN.includes(order.status)) throw new AppError('contract_order_state');
    const file = await this.d.files.receive(request, userId, CERTIFICATE_RULE);
    let replaced: string | null = null;
    try {
      await inTransaction(this.db, async (tx) => {
        const locked = (await repo.lockOrder(tx, id))!;
        if (!OPEN.includes(locked.status)) throw new AppError('contract_order_state');
        replaced = locked.certificateFileId;
        const updated = await repo.updateOrder(tx, id, { certificateFileId: file.id, status: 'checking' });
        await this.record(tx, updated, locked.status, 'checking', { kind: 'user', id: userId }, locked.status === 'checking' ? 'certificate changed' : null);
      });
    } catch (error) {
      await this.d.files.remove(file);
      throw error;
    }
    if (replaced) await this.d.files.remove(await this.d.files.find(replaced, CERTIFICATE_RULE.purpose)).catch(() => undefined);
    return this.detail(userId, id, false);
  }

  /** The certificate's bytes, to the owner or an operator only. */
  async sendCertificate(userId: string, id: string, operator: boolean, reply: FastifyReply) {
    const order = await this.visible(userId, id, operator);
    if (!order.certificateFileId) throw new AppError('not_found');
    return this.d.files.send(reply, await this.d.files.find(order.certificateFileId, CERTIFICATE_RULE.purpose));
  }

  // ---- transitions -------------------------------------------------------------------------------

  /** Locks an open order and moves it; the work decides the extra columns. */
  private async move(id: string, actor: Actor, to: ContractOrderStatus, reason: string | null, check: (o: repo.OrderRow) => void, extra: (o: repo.OrderRow, tx: DbOrTx) => Promise<Partial<repo.OrderRow>> = async () => ({})) {
    return inTransaction(this.db, async (tx) => {
      const order = await repo.lockOrder(tx, id);
      if (!order) throw new AppError('contract_order_not_found');
      check(order);
      if (!OPEN.includes(order.status)) throw new AppError('contract_order_state');
      const values = await extra(order, tx);
      if (to === 'cancelled' || to === 'rejected') await repo.returnInventory(tx, order.productId, order.units);
      const updated = await repo.updateOrder(tx, id, { ...values, status: to, ...(to === 'rejected' ? { rejectReason: reason } : {}) });
      await this.record(tx, updated, order.status, to, actor, reason);
      if (actor.kind === 'operator') await this.d.audit.record({ adminUserId: actor.id, action: `contract_order_${to === 'effect' ? 'confirm' : 'reject'}`, target: `contract_order:${id}`, detail: { from: order.status, ...(reason ? { reason } : {}) } }, tx);
      return updated;
    });
  }

  private paidValues(now: Date, order: repo.OrderRow): Partial<repo.OrderRow> {
    // The contract runs from the UTC day after the payment, for its duration.
    const effectDate = addDays(utcDay(now), 1);
    return { paidAt: now, effectDate, endDate: addDays(effectDate, order.durationDays) };
  }

  async cancel(userId: string, id: string) {
    await this.visible(userId, id, false);
    await this.move(id, { kind: 'user', id: userId }, 'cancelled', null, () => undefined);
    return this.detail(userId, id, false);
  }

  async confirm(adminId: string, id: string) {
    // A balance order is paid by its owner's posting alone: confirmed, it would run unpaid. An
    // operator's own order is confirmed by another: it starts paying profits.
    const notBalance = (o: repo.OrderRow) => {
      if (o.payMethod === 'balance') throw new AppError('contract_confirm_balance');
      refuseOwnMoney(adminId, o.userId);
    };
    await this.move(id, { kind: 'operator', id: adminId }, 'effect', null, notBalance, async (o) => this.paidValues(this.clock.now(), o));
  }

  async reject(adminId: string, id: string, reason: string) {
    await this.move(id, { kind: 'operator', id: adminId }, 'rejected', reason.trim(), () => undefined);
  }

  /** What paying `order` from the wallet balance costs now: its USDT worth in its coin at the latest price, rounded up to the base unit. */
  private async balanceQuote(order: repo.OrderRow) {
    const today = utcDay(this.clock.now());
    let market = await this.d.earnings.unitEarnings(order.coin, today);
    if (!market?.priceUsd) market = await this.d.earnings.unitEarnings(order.coin, addDays(today, -1));
    if (!market?.priceUsd || !new Decimal(market.priceUsd).gt(0)) throw new AppError('contract_price_unavailable');
    const amount = coinWorth(order.amountUsdt, market.priceUsd, coinBaseDecimals(order.coin));
    const { available } = await balanceOf(this.db, order.accountId, order.coin);
    return { coin: order.coin, amount: amount.toFixed(), available: plain(available), price_usd: market.priceUsd };
  }

  /** Pays an open order from the owner's wallet balance: one "contract purchase" posting per order. */
  payFromBalance(userId: string, id: string, key: string, body: PayFromBalanceBody) {
    return oneRequestPerKey(this.db, `contract-pay:${id}:${key}`, async () => {
      const order = await this.visible(userId, id, false);
      if (order.payMethod !== 'balance') throw new AppError('contract_balance_not_chosen');
      // Paid already (by this key's first request, or another): its answer, as for a retry.
      if (order.status === 'effect' || order.status === 'finish') return this.detail(userId, id, false);
      const quote = await this.balanceQuote(order);
      // The amount charged is the one the user confirmed: a new day's price between the dialog and
      // the click would charge an amount never shown. Refused before a code or PIN try is spent.
      if (!new Decimal(body.amount).eq(quote.amount)) throw new AppError('contract_quote_changed', { params: { amount: quote.amount, coin: order.coin.toUpperCase() } });
      // The user's money leaves them: a transfer's checks (docs/security.md "Calls that move a
      // user's balance"); the code is bound to this order. An order no longer open, or a balance
      // short of the quote, answers before a code is spent or a PIN try counted (both are checked
      // again under the order's lock and by the ledger).
      await this.d.checks.authorise(userId, 'transfer', body.verification, walletSubject.contractOrder(order), body.pay_password, async () => {
        if (!OPEN.includes(order.status)) throw new AppError('contract_order_state');
        if (new Decimal(quote.available).lt(quote.amount)) throw new AppError('insufficient_balance');
      });
      const now = this.clock.now();
      await this.move(id, { kind: 'user', id: userId }, 'effect', null, () => undefined, async (o, tx) => {
        const ref = `contract-purchase:${o.id}`;
        await post(tx, movement({ idempotencyKey: ref, businessType: 'contract_purchase', reference: `contract:${o.id}`, coin: o.coin, amount: quote.amount, from: { holder: o.accountId }, to: { holder: SYSTEM.contracts } }), now);
        return { ...this.paidValues(now, o), payAmount: quote.amount, payCurrency: o.coin.toUpperCase(), payAddress: null };
      });
      return this.detail(userId, id, false);
    });
  }

  // ---- jobs ------------------------------------------------------------------------------------

  /**
   * Cancels the unpaid orders created more than 2 hours ago and returns their inventory. A USDT
   * order whose address has received anything (below the amount, or not confirmed yet) goes to
   * the operators' review (checking) instead: cancelled, the coins would sit at an address no one
   * watches. One whose network's chain does not answer waits for the next pass.
   */
  async cancelExpired(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - CONTRACT_UNPAID_TTL_MS);
    const due = (await Promise.all(CONTRACT_PAY_METHODS.map((method) => repo.expiredUnpaid(this.db, before, method)))).flat();
    const seen = await this.paymentsSeen(due);
    let cancelled = 0;
    const system: Actor = { kind: 'system', id: null };
    const stillUnpaid = (o: repo.OrderRow) => {
      if (o.status !== 'unpaid') throw new AppError('contract_order_state');
    };
    await runEach(
      'expired contract orders',
      due,
      async (order) => {
        const payment = seen.get(order.id);
        if (payment === 'unknown') return;
        const [to, reason] = payment === 'arrived' ? (['checking', SYSTEM_REASONS.paymentToCheck] as const) : (['cancelled', SYSTEM_REASONS.expired] as const);
        await this.move(order.id, system, to, reason, stillUnpaid)
          .then(() => void (to === 'cancelled' && cancelled++))
          .catch((error: unknown) => {
            if (!(error instanceof AppError)) throw error; // paid or cancelled meanwhile: nothing to do
          });
      },
      (order) => order.id,
    );
    return cancelled;
  }

  /**
   * Of `orders`, the USDT ones whose address has received something, confirmed or not
   * ('arrived'), and those whose network's chain did not answer ('unknown').
   */
  private async paymentsSeen(orders: repo.OrderRow[]): Promise<Map<string, 'arrived' | 'unknown'>> {
    const seen = new Map<string, 'arrived' | 'unknown'>();
    for (const network of USDT_NETWORKS) {
      const awaiting = orders.filter((o) => o.payMethod === network && o.payAddress);
      if (awaiting.length === 0) continue;
      try {
        const paid = new Set((await this.d.chain.incoming(network, new Set(awaiting.map((o) => o.payAddress!)))).map((t) => t.address));
        for (const o of awaiting) if (paid.has(o.payAddress!)) seen.set(o.id, 'arrived');
      } catch {
        for (const o of awaiting) seen.set(o.id, 'unknown');
      }
    }
    return seen;
  }

  /**
   * Confirms the open USDT orders whose address received at least the pay amount (confirmed on
   * chain). A confirmed payment to the address of an order closed unpaid (cancelled at 2 hours,
   * by its owner, or rejected) and placed in the last LATE_PAYMENT_WATCH_DAYS buys nothing: the
   * finance operators are told once, to refund it or place the order by hand.
   */
  async scanPayments(): Promise<number> {
    let confirmed = 0;
    const since = new Date(this.clock.now().getTime() - LATE_PAYMENT_WATCH_DAYS * 86_400_000);
    // One network or order that fails (a late payment's alert, a deadlock) does not hold the others.
    await runEach('contract payments', USDT_NETWORKS, async (network) => {
      const open = await repo.awaitingUsdt(this.db, network);
      const closed = await repo.closedUsdtOrders(this.db, network, since);
      const byAddress = new Map([...closed, ...open].filter((o) => o.payAddress).map((o) => [o.payAddress!, o]));
      if (byAddress.size === 0) return;
      let incoming;
      try {
        incoming = await this.d.chain.incoming(network, new Set(byAddress.keys()));
      } catch {
        return; // the node did not answer: the next pass asks again
      }
      const received = new Map<string, Decimal>();
      for (const t of incoming) if (t.confirmations >= USDT_CONFIRMATIONS) received.set(t.address, (received.get(t.address) ?? new Decimal(0)).plus(t.amount));
      await runEach(
        network,
        received,
        async ([address, amount]) => {
          const order = byAddress.get(address)!;
          if (order.status === 'cancelled' || order.status === 'rejected') return this.tellLatePayment(order, amount);
          if (amount.lt(order.payAmount)) return;
          await this.move(order.id, { kind: 'system', id: null }, 'effect', SYSTEM_REASONS.paidOnChain, () => undefined, async (o) => this.paidValues(this.clock.now(), o))
            .then(() => confirmed++)
            .catch((error: unknown) => {
              if (!(error instanceof AppError)) throw error;
            });
        },
        ([address]) => byAddress.get(address)!.id,
      );
    });
    return confirmed;
  }

  /** Tells the finance operators, once per order, of a payment to a closed order's address. */
  private async tellLatePayment(order: repo.OrderRow, amount: Decimal): Promise<void> {
    // Read before the transaction: an embedded database serves one connection at a time.
    const operators = await this.d.accounts.operators(['finance']);
    const account = (await this.d.accounts.namesByIds([order.accountId])).get(order.accountId) ?? order.accountId;
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.markLatePaymentAlerted(tx, order.id, this.clock.now()))) return;
      const params = { alert: 'contract_payment_late', amount: amount.toFixed(), network: order.payMethod === 'usdt_erc20' ? 'ERC20' : 'TRC20', reference: order.payReference, account, address: order.payAddress! };
      await this.d.notifications.alertOperators(operators, params, tx);
    });
  }

  // ---- history and messages ------------------------------------------------------------------------

  async record(tx: DbOrTx, order: repo.OrderRow, from: ContractOrderStatus | null, to: ContractOrderStatus, actor: Actor, reason: string | null): Promise<void> {
    const at = this.clock.now();
    await repo.insertEvent(tx, { orderId: order.id, fromStatus: from, toStatus: to, actor: actor.kind, actorId: actor.id, reason, at });
    await this.d.notifications.post({ userId: order.userId, accountId: order.accountId, type: 'contract_order', params: { order: order.id, product: order.productName, status: to, ...(reason ? { reason } : {}) } }, tx, at);
  }

  // ---- bank details ----------------------------------------------------------------------------

  async bankDetails() {
    const b = await repo.setting(this.db, BANK_SETTING);
    return { bank_name: b?.bank_name ?? '', account_name: b?.account_name ?? '', account_number: b?.account_number ?? '', swift: b?.swift ?? '', note: b?.note ?? '' };
  }

  async setBankDetails(adminId: string, body: Record<string, string>) {
    await inTransaction(this.db, async (tx) => {
      await repo.putSetting(tx, BANK_SETTING, body, this.clock.now());
      await this.d.audit.record({ adminUserId: adminId, action: 'contract_bank_details', target: 'contracts:bank_details', detail: body }, tx);
    });
    return this.bankDetails();
  }
}
