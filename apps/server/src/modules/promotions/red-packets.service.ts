// Hashrate gift red packets (docs/rules.md, Promotions). An operator creates a packet (coin,
// hashrate per share, days, shares, a profit budget, an activation deadline, optionally the one
// email that may receive it); the budget is reserved at once by a posting from sys:promotions into
// its frozen bucket, once per Idempotency-Key (a retry of the key answers the first packet, as a
// user's funding from their balance does; the key with another packet is idempotency_conflict). Anyone sees the packet by its link; a logged-in user on
// their main sub-account (whose bound email matches, when the packet names one) receives one
// share: from the next UTC day, for duration_days days, the gifted hashrate earns its FPPS value
// of each day at no fee (red-packet-credits.service.ts credits it, and returns what is left when
// the packet ends).
// The funder of a packet a user funded, or an operator, may cancel it while shares are left: no
// share can be received any more, and the budget's part of the shares nobody received (budget x
// shares left / shares, cut to the base unit, at most what is unpaid) returns to the funder at
// once (key redpacket-cancel:<packet>); the receipts already taken keep working from the rest,
// which returns when the packet ends. The cancellation locks the packet's row, as each receiving
// takes its share by a conditional update of that row: a share is either taken before the
// cancellation (and not returned) or refused after it (red_packet_cancelled), never both.
// Each event is a `red_packet` message (event received, active or ended to the receiver, with the
// packet's name; none_left and cancelled to the user who funded it), posted in the transaction of
// the state change that makes it, which happens once: the receipt's insert, its first credited
// day, the packet's end, the last share taken, the cancellation.
import { randomBytes } from 'node:crypto';
import { LedgerDecimal as Decimal } from '../ledger';
import { addDays, coinBaseDecimals, COINS, givenNames, userPacketSettingsSchema, utcDay, walletSubject, type NewRedPacket, type NewUserRedPacket, type RedPacketEvent, type UserPacketSettings } from '@hashpool/shared';
import { isUniqueViolation } from '../../db/errors';
import { oneRequestPerKey } from '../../platform/idempotency';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { Notifications } from '../../platform/notifications';
import type { AccountDirectory } from '../accounts';
import { packetReturn } from '../money';
import { LedgerDecimal, post, SYSTEM } from '../ledger';
import { type WalletApi } from '../wallet';
import { packetView, receiptView } from './promotions.presenter';
import * as repo from './promotions.repository';

/** A packet as its creation answers it (adminRedPacketSchema). */
type FundedPacket = ReturnType<typeof packetView> & { receiving_email: string | null; received: number };

/** Receivers a packet's detail page lists. */
const RECEIVERS_SHOWN = 50;

export function newPacketId(): string {
  return randomBytes(16).toString('base64url');
}

/** The settings row of where users may fund packets. */
const USER_FUNDING_KEY = 'user_red_packets';
const ACCOUNT_COIN_CODES = COINS.filter((c) => c.mode === 'account').map((c) => c.code);

export interface RedPacketsDeps {
  accounts: Pick<AccountDirectory, 'namesByIds' | 'emailsOf' | 'defaultAccountOf'>;
  audit: AuditLog;
  notifications: Pick<Notifications, 'post'>;
  /** The wallet's checks of a transfer: funding a packet gives money to someone else. */
  checks: Pick<WalletApi['checks'], 'authorise'>;
}


export class RedPacketsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: RedPacketsDeps,
  ) {}

  // ---- anyone -----------------------------------------------------------------------------------

  private async packet(id: string) {
    const packet = await repo.findPacket(this.db, id);
    if (!packet) throw new AppError('red_packet_not_found');
    return packet;
  }

  async show(id: string) {
    return packetView(await this.packet(id), this.clock.now());
  }

  /** The packet with its latest receivers (sub-account names shortened). */
  async detail(id: string) {
    const packet = await this.packet(id);
    const receipts = await repo.receiversOf(this.db, id, RECEIVERS_SHOWN);
    const names = await this.deps.accounts.namesByIds(receipts.map((r) => r.accountId));
    return {
      ...packetView(packet, this.clock.now()),
      receivers: receipts.map((r) => ({ account: shortName(names.get(r.accountId) ?? ''), received_at: r.receivedAt.toISOString() })),
    };
  }

  // ---- users ------------------------------------------------------------------------------------

  /** Why the caller cannot receive the packet now (an error key), or null when they can. */
  private async refusal(userId: string, accountId: string | null, packet: repo.RedPacketRow): Promise<'red_packet_cancelled' | 'red_packet_ended' | 'red_packet_expired' | 'red_packet_none_left' | 'red_packet_email_mismatch' | 'red_packet_main_account' | null> {
    const now = this.clock.now();
    if (packet.cancelledAt) return 'red_packet_cancelled';
    if (packet.endedAt) return 'red_packet_ended';
    if (packet.activationDeadline.getTime() <= now.getTime()) return 'red_packet_expired';
    if (packet.sharesLeft <= 0) return 'red_packet_none_left';
    if (packet.receivingEmail) {
      const email = (await this.deps.accounts.emailsOf([userId])).get(userId);
      if (!email || email.toLowerCase() !== packet.receivingEmail) return 'red_packet_email_mismatch';
    }
    const main = await this.deps.accounts.defaultAccountOf(userId);
    if (!main || main !== accountId) return 'red_packet_main_account';
    return null;
  }

  /** What the caller has of the packet, and whether (or why not) they can receive it. */
  async mine(userId: string, accountId: string | null, id: string) {
    const packet = await this.packet(id);
    const receipt = await repo.receiptOf(this.db, id, userId);
    if (receipt) {
      const names = await this.deps.accounts.namesByIds([receipt.accountId]);
      return { received: receiptView(receipt, packet, names), can_receive: false, reason: 'red_packet_received' };
    }
    const reason = await this.refusal(userId, accountId, packet);
    return { received: null, can_receive: reason === null, reason };
  }

  /** Receives one share on the caller's main sub-account; exactly `shares` receivers ever get one. */
  async receive(userId: string, accountId: string | null, id: string) {
    const packet = await this.packet(id);
    if (await repo.receiptOf(this.db, id, userId)) throw new AppError('red_packet_received');
    const reason = await this.refusal(userId, accountId, packet);
    if (reason) throw new AppError(reason);
    const now = this.clock.now();
    const startDay = addDays(utcDay(now), 1);
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.insertReceipt(tx, { packetId: id, userId, accountId: accountId!, receivedAt: now, startDay, endDay: addDays(startDay, packet.durationDays - 1) }))) {
        throw new AppError('red_packet_received');
      }
      // The share is taken in one conditional update: concurrent receivers (and a cancellation)
      // queue on the row, and the one who finds none left rolls back their receipt.
      const left = await repo.takeShare(tx, id, now);
      if (left === null) {
        const current = (await repo.findPacket(tx, id)) ?? packet;
        throw new AppError(current.cancelledAt ? 'red_packet_cancelled' : current.endedAt ? 'red_packet_ended' : current.activationDeadline.getTime() <= now.getTime() ? 'red_packet_expired' : 'red_packet_none_left');
      }
      // Once: a second receive finds the receipt and rolls back.
      await notifyPacket(this.deps.notifications, tx, userId, accountId!, packet, 'received', now);
      // The last share taken tells the user who funded the packet (once: shares left reach 0 once).
      // The pool's packets have no such user: the operators' list shows the shares left.
      if (left === 0 && !isPoolFunded(packet) && packet.createdBy) await notifyPacket(this.deps.notifications, tx, packet.createdBy, packet.funder, packet, 'none_left', now);
    });
    return this.receipt(userId, id);
  }

  async receipts(userId: string, page: number, pageSize: number) {
    const { rows, total } = await repo.pageReceipts(this.db, userId, (page - 1) * pageSize, pageSize);
    const names = await this.deps.accounts.namesByIds(rows.map((r) => r.receipt.accountId));
    return { list: rows.map((r) => receiptView(r.receipt, r.packet, names)), total };
  }

  async receipt(userId: string, id: string) {
    const receipt = await repo.receiptOf(this.db, id, userId);
    if (!receipt) throw new AppError('red_packet_not_found');
    const [packet, credits, names] = await Promise.all([this.packet(id), repo.creditsOf(this.db, id, userId), this.deps.accounts.namesByIds([receipt.accountId])]);
    return { ...receiptView(receipt, packet, names), credits: credits.map((c) => ({ day: c.day, amount: new Decimal(c.amount).toFixed() })) };
  }

  // ---- cancelling ---------------------------------------------------------------------------------

  /** The funder cancels a packet they funded from their balance (another's packet is not found). */
  async cancelByFunder(userId: string, id: string) {
    const packet = await this.packet(id);
    if (isPoolFunded(packet) || packet.createdBy !== userId) throw new AppError('red_packet_not_found');
    return this.cancel(id, { by: userId, operator: false });
  }

  /** An operator cancels any packet (audited); a user-funded one tells its funder. */
  async cancelByOperator(adminUserId: string, id: string) {
    return this.cancel(id, { by: adminUserId, operator: true });
  }

  /**
   * Closes the packet to receiving and returns the budget's part of the shares left to the funder,
   * once: a packet already cancelled answers as it is. A packet ended, or with no share left, has
   * nothing to cancel.
   */
  private async cancel(id: string, o: { by: string; operator: boolean }) {
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      // The row lock orders the cancellation with every receiving's conditional update of the row.
      const packet = await repo.lockPacket(tx, id);
      if (!packet) throw new AppError('red_packet_not_found');
      if (packet.cancelledAt) return;
      if (packet.endedAt) throw new AppError('red_packet_ended');
      if (packet.sharesLeft <= 0) throw new AppError('red_packet_none_left');
      const returned = packetReturn(packet.budget, packet.shares, packet.sharesLeft, packet.paid, coinBaseDecimals(packet.coin));
      if (!(await repo.markCancelled(tx, id, { by: o.by, at: now, returned: returned.toFixed() }))) return;
      if (returned.gt(0)) {
        await post(
          tx,
          {
            idempotencyKey: `redpacket-cancel:${id}`,
            businessType: 'red_packet_return',
            reference: `red_packet:${id}`,
            entries: [
              { holder: SYSTEM.promotions, coin: packet.coin, bucket: 'frozen', amount: returned.neg().toFixed() },
              { holder: packet.funder, coin: packet.coin, amount: returned.toFixed() },
            ],
          },
          now,
        );
      }
      if (o.operator) {
        await this.deps.audit.record({ adminUserId: o.by, action: 'red_packet_cancel', target: `red_packet:${id}`, detail: { name: packet.name, shares_left: String(packet.sharesLeft), returned: returned.toFixed(), funder: packet.funder } }, tx);
        // The user who funded it learns that an operator cancelled it (their own cancelling they saw).
        if (!isPoolFunded(packet) && packet.createdBy && packet.createdBy !== o.by) await notifyPacket(this.deps.notifications, tx, packet.createdBy, packet.funder, packet, 'cancelled', now);
      }
    });
    const packet = await this.packet(id);
    return { ...packetView(packet, now), receiving_email: packet.receivingEmail, received: await repo.receivedOf(this.db, id) };
  }

  // ---- operators --------------------------------------------------------------------------------

  /** A packet the pool funds without a request key: the demo seed's (fixed id, not audited). */
  async create(adminUserId: string | null, body: NewRedPacket, options: { id?: string; isDemo?: boolean } = {}) {
    return this.insertFunded(packetFields(body), { funder: SYSTEM.promotions, createdBy: adminUserId, audited: adminUserId !== null, ...options });
  }

  /**
   * An operator's packet: its budget is reserved from sys:promotions by one posting with the
   * request's Idempotency-Key, in the packet's transaction (audited). The same key again answers
   * the same packet and reserves nothing again, as a user's funding does (oncePerKey).
   */
  async createByOperator(adminUserId: string, requestKey: string, body: NewRedPacket) {
    // Each operator's keys are their own (as adjustments' are): another operator's key is a new packet.
    const key = `${adminUserId}:${requestKey}`;
    const asked = packetFields(body);
    return this.oncePerKey(SYSTEM.promotions, key, asked, () => this.insertFunded(asked, { funder: SYSTEM.promotions, createdBy: adminUserId, requestKey: key, audited: true }));
  }

  // ---- users funding packets ------------------------------------------------------------------

  /** Where users may fund packets (operators' setting; off everywhere by default). */
  async userFundingSettings(): Promise<UserPacketSettings> {
    const parsed = userPacketSettingsSchema.safeParse(await repo.setting(this.db, USER_FUNDING_KEY));
    return parsed.success ? parsed.data : { all_coins: false, coins: [] };
  }

  async setUserFunding(adminUserId: string, settings: UserPacketSettings): Promise<UserPacketSettings> {
    const value = { all_coins: settings.all_coins, coins: [...new Set(settings.coins)].sort() };
    await inTransaction(this.db, async (tx) => {
      await repo.putSetting(tx, USER_FUNDING_KEY, value, adminUserId, this.clock.now());
      await this.deps.audit.record({ adminUserId, action: 'red_packet_user_funding', target: 'promotions:user_red_packets', detail: { all_coins: String(value.all_coins), coins: value.coins.join(',') } }, tx);
    });
    return value;
  }

  /** The coins the caller may fund packets of now. */
  async fundingCoins(): Promise<{ coins: string[] }> {
    const settings = await this.userFundingSettings();
    return { coins: settings.all_coins ? [...ACCOUNT_COIN_CODES] : settings.coins };
  }

  /**
   * A packet funded from the caller's current sub-account: its budget is debited from the
   * sub-account's available balance into the reserve (sys:promotions, frozen) by one posting with
   * the request's Idempotency-Key, in the packet's transaction; too little balance refuses it
   * (insufficient_balance) with nothing written. The same key again answers the same packet
   * (even after operators turned funding off: it was made while on); with other content it is
   * idempotency_conflict.
   */
  async createByUser(userId: string, accountId: string, requestKey: string, request: NewUserRedPacket) {
    const { pay_password: payPassword, verification, ...body } = request;
    const asked = packetFields(body);
    return this.oncePerKey(accountId, requestKey, asked, async () => {
      // Only a new packet needs funding enabled for its coin.
      if (!(await this.fundingCoins()).coins.includes(asked.coin)) throw new AppError('red_packet_user_funding_off');
      // A packet refused anyway (deadline past, budget finer than the base unit) is refused before
      // the checks below, which spend the emailed code and a pay password try.
      checkNewPacket(asked, this.clock.now());
      // Funding a packet gives the user's money to whoever receives it: a transfer's checks
      // (docs/security.md "Calls that move a user's balance"), before anything is written.
      await this.deps.checks.authorise(userId, 'transfer', verification, walletSubject.redPacket(body), payPassword);
      return this.insertFunded(asked, { funder: accountId, createdBy: userId, requestKey, audited: false });
    });
  }

  /**
   * One packet per funder and Idempotency-Key (a user's sub-account, or sys:promotions for the
   * operators'): the requests of one key take turns, a retry finds the first one's packet by its
   * key and moves nothing, and `make` runs only when the key made none yet. The key's packet
   * answers only the request that made it: other content (`asked` differs from the stored packet)
   * is idempotency_conflict (docs/security.md item 29).
   */
  private oncePerKey(funder: string, requestKey: string, asked: PacketFields, make: () => Promise<FundedPacket>): Promise<FundedPacket> {
    const answer = async (packet: repo.RedPacketRow): Promise<FundedPacket> => {
      if (!samePacket(packet, asked)) throw new AppError('idempotency_conflict');
      return { ...packetView(packet, this.clock.now()), receiving_email: packet.receivingEmail, received: await repo.receivedOf(this.db, packet.id) };
    };
    return oneRequestPerKey(this.db, `redpacket:${funder}:${requestKey}`, async () => {
      const known = await repo.packetByRequestKey(this.db, funder, requestKey);
      if (known) return answer(known);
      try {
        return await make();
      } catch (error) {
        // A duplicate that ran past the lease meets the unique key: the first one's packet.
        if (!isUniqueViolation(error)) throw error;
        const first = await repo.packetByRequestKey(this.db, funder, requestKey);
        if (!first) throw error;
        return answer(first);
      }
    });
  }

  /** The packets the caller funded, newest first. */
  async createdBy(userId: string, page: number, pageSize: number) {
    const now = this.clock.now();
    const { rows, total } = await repo.pageCreatedBy(this.db, userId, (page - 1) * pageSize, pageSize);
    return { list: rows.map((r) => ({ ...packetView(r.packet, now), receiving_email: r.packet.receivingEmail, received: r.received })), total };
  }

  private async insertFunded(body: PacketFields, o: { funder: string; createdBy: string | null; audited: boolean; requestKey?: string; id?: string; isDemo?: boolean }): Promise<FundedPacket> {
    const now = this.clock.now();
    checkNewPacket(body, now);
    const budget = body.budget;
    const id = o.id ?? newPacketId();
    const fromPool = o.funder === SYSTEM.promotions;
    return inTransaction(this.db, async (tx) => {
      const packet = await repo.insertPacket(tx, {
        id,
        name: body.name,
        names: body.names,
        coin: body.coin,
        hashrate: body.hashrate,
        durationDays: body.durationDays,
        shares: body.shares,
        sharesLeft: body.shares,
        budget: budget.toFixed(),
        activationDeadline: body.activationDeadline,
        receivingEmail: body.receivingEmail,
        funder: o.funder,
        createdBy: o.createdBy,
        requestKey: o.requestKey ?? null,
        isDemo: o.isDemo ?? false,
        createdAt: now,
      });
      await post(
        tx,
        {
          // A request's key names the posting (one reserve or debit per funder and key); the demo
          // seed's packet, made without one, by its id.
          idempotencyKey: o.requestKey ? `${fromPool ? 'redpacket-reserve' : 'redpacket-fund'}:${o.funder}:${o.requestKey}` : `redpacket-reserve:${id}`,
          businessType: fromPool ? 'red_packet_reserve' : 'red_packet_fund',
          reference: `red_packet:${id}`,
          entries: [
            { holder: o.funder, coin: body.coin, amount: budget.neg().toFixed() },
            { holder: SYSTEM.promotions, coin: body.coin, bucket: 'frozen', amount: budget.toFixed() },
          ],
        },
        now,
      );
      if (o.audited && o.createdBy) {
        await this.deps.audit.record({ adminUserId: o.createdBy, action: 'red_packet_create', target: `red_packet:${id}`, detail: { name: body.name, coin: body.coin, shares: String(body.shares), budget: budget.toFixed() } }, tx);
      }
      return { ...packetView(packet, now), receiving_email: packet.receivingEmail, received: 0 };
    });
  }

  async list(page: number, pageSize: number) {
    const now = this.clock.now();
    const { rows, total } = await repo.pagePackets(this.db, (page - 1) * pageSize, pageSize);
    return { list: rows.map((r) => ({ ...packetView(r.packet, now), receiving_email: r.packet.receivingEmail, received: r.received })), total };
  }
}

/**
 * A `red_packet` message to a receiver, in the transaction of the change it reports. The packet's
 * names in other languages go along as `name_<language>`, so the message centre names it in the
 * reader's language (params are flat).
 */
export function notifyPacket(notifications: Pick<Notifications, 'post'>, tx: DbOrTx, userId: string, accountId: string, packet: { id: string; name: string; names?: Record<string, string>; coin: string }, event: RedPacketEvent, at: Date): Promise<void> {
  const names = Object.fromEntries(Object.entries(packet.names ?? {}).map(([language, name]) => [`name_${language}`, name]));
  return notifications.post({ userId, accountId, type: 'red_packet', params: { event, packet: packet.id, name: packet.name, ...names, coin: packet.coin } }, tx, at);
}

/** A new packet's request as the packet stores it. */
export interface PacketFields {
  name: string;
  names: Record<string, string>;
  coin: string;
  hashrate: number;
  durationDays: number;
  shares: number;
  budget: LedgerDecimal;
  activationDeadline: Date;
  receivingEmail: string | null;
}

export function packetFields(body: NewRedPacket | Omit<NewUserRedPacket, 'pay_password' | 'verification'>): PacketFields {
  return {
    name: body.name,
    // Only an operator's packet is named per language; a user's title stays as written.
    names: 'names' in body ? givenNames(body.names) : {},
    coin: body.coin,
    hashrate: body.hashrate,
    durationDays: body.duration_days,
    shares: body.shares,
    budget: new LedgerDecimal(body.budget),
    activationDeadline: new Date(body.activation_deadline),
    receivingEmail: body.receiving_email?.toLowerCase() ?? null,
  };
}

/**
 * The refusals of a new packet that depend only on its request and the clock: a deadline not in
 * the future, a budget finer than the coin's base unit (the ledger holds nothing finer). Run
 * before anything is checked or spent (a user's code and pay password) and again where it is written.
 */
export function checkNewPacket(packet: PacketFields, now: Date): void {
  if (packet.activationDeadline.getTime() <= now.getTime()) throw new AppError('red_packet_deadline_past');
  if (packet.budget.decimalPlaces() > coinBaseDecimals(packet.coin)) throw new AppError('validation_failed', { fields: [{ field: 'body.budget', messageKey: 'amount' }] });
}

/** Whether a stored packet is the one this request asks for (the retry of its key). */
function samePacket(row: repo.RedPacketRow, asked: PacketFields): boolean {
  const names = (n: Record<string, string>) => JSON.stringify(Object.entries(n).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return (
    row.name === asked.name &&
    names(row.names) === names(asked.names) &&
    row.coin === asked.coin &&
    row.hashrate === asked.hashrate &&
    row.durationDays === asked.durationDays &&
    row.shares === asked.shares &&
    new LedgerDecimal(row.budget).eq(asked.budget) &&
    row.activationDeadline.getTime() === asked.activationDeadline.getTime() &&
    (row.receivingEmail ?? null) === asked.receivingEmail
  );
}

/** A packet the pool funded (sys:promotions), not a user from their balance. */
function isPoolFunded(packet: { funder: string }): boolean {
  return packet.funder === SYSTEM.promotions;
}

/** A receiver's sub-account name on the public detail page: first two and last character. */
function shortName(name: string): string {
  return name.length <= 3 ? `${name.slice(0, 1)}**` : `${name.slice(0, 2)}***${name.slice(-1)}`;
}
