// Withdraw addresses of a sub-account: listed, added behind the second factor (each addition starts
// the withdrawal hold and is mailed as a security alert), removed.
import { walletSubject } from '@hashpool/shared';
import type { ChainNetwork, NetworkCoin } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { ClientInfo } from '../../platform/request-context';
import type { AccountsApi, Verification } from '../accounts';
import { checkWithdrawAddress } from './address-check';
import { addressView } from './wallet.presenter';
import * as repo from './wallet.repository';

export interface NewAddress {
  coin: string;
  alias: string;
  address: string;
  public_key?: string | undefined;
  chain?: number | undefined;
  verification: Verification;
}

export class AddressesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly security: AccountsApi['security'],
    /** Whether a coin is on the simulated chain, whose addresses are then valid withdraw addresses (demo and tests). */
    private readonly simulated: (coin: string) => boolean,
    /** The network of each bitcoin-family coin's node (CHAIN_NETWORKS): withdraw addresses must be of it. */
    private readonly networks: Partial<Record<NetworkCoin, ChainNetwork>> = {},
  ) {}

  async list(accountId: string, coin?: string) {
    return (await repo.listAddresses(this.db, accountId, coin)).map(addressView);
  }

  async add(userId: string, accountId: string, body: NewAddress, client: ClientInfo) {
    const check = checkWithdrawAddress(body.coin, body.address, body.public_key, this.simulated(body.coin), this.networks);
    if (check.error === 'address_wrong_network') throw new AppError('address_wrong_network', { params: { coin: body.coin.toUpperCase(), network: check.network! } });
    if (!check.ok) throw new AppError(check.error!);
    if (body.coin === 'kda' && (body.chain ?? 0) !== 0) throw new AppError('validation_failed', { fields: [{ field: 'body.chain', messageKey: 'invalid' }] });
    const user = await this.security.user(userId);
    await this.security.verifySecondFactor(user, 'withdraw_address', body.verification, walletSubject.withdrawAddress(body));
    const now = this.clock.now();
    const row = await repo
      .insertAddress(this.db, {
        accountId,
        coin: body.coin,
        alias: body.alias,
        address: body.address,
        publicKey: body.coin === 'kda' ? (body.public_key ?? body.address.replace(/^k:/, '')) : null,
        chain: body.coin === 'kda' ? 0 : null,
        createdAt: now,
        updatedAt: now,
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('address_duplicate');
        throw error;
      });
    // A new address starts the withdrawal hold: an attacker who added one cannot use it at once.
    await this.security.alert(user, 'withdraw_address', client);
    return addressView(row);
  }

  async remove(accountId: string, id: string): Promise<void> {
    if (!(await repo.deleteAddress(this.db, accountId, id, this.clock.now()))) throw new AppError('address_not_found');
  }
}
