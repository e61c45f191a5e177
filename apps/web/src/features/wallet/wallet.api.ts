// The wallet calls (paths and bodies as in apps/server
// wallet.routes.ts, shapes from packages/shared/src/schemas/wallet.ts used as types only, so zod
// stays out of the bundle). Calls that move money carry the client's idempotency key.
import type {
  balancesSchema,
  BalanceItem,
  BusinessType,
  depositAddressSchema,
  depositPageSchema,
  fundDetailSchema,
  payoutSettingsSchema,
  Transaction,
  transactionPageSchema,
  transferSchema,
  WithdrawAddress,
  Withdrawal,
  withdrawalPageSchema,
  WithdrawQuote,
  withdrawResultSchema,
} from '@hashpool/shared';
import { IDEMPOTENCY_HEADER } from '@hashpool/shared';
import type { Verification } from '../../shell/verification/verification.api';
import { api } from '../../shell/api/client';
import type { Parsed } from '../../shell/api/parsed';

export type { BalanceItem, BusinessType, Transaction, WithdrawAddress, Withdrawal, WithdrawQuote };
export type Balances = Parsed<typeof balancesSchema>;
export type DepositAddress = Parsed<typeof depositAddressSchema>;
export type DepositPage = Parsed<typeof depositPageSchema>;
export type Deposit = DepositPage['list'][number];
export type WithdrawalPage = Parsed<typeof withdrawalPageSchema>;
export type WithdrawResult = Parsed<typeof withdrawResultSchema>;
export type Transfer = Parsed<typeof transferSchema>;
export type TransactionPage = Parsed<typeof transactionPageSchema>;
export type FundDetail = Parsed<typeof fundDetailSchema>;
export type PayoutSettings = Parsed<typeof payoutSettingsSchema>;
export type PayoutSetting = PayoutSettings['list'][number];

export interface PageQuery {
  page: number;
  page_size: number;
  coin?: string;
}

export interface TransactionQuery extends PageQuery {
  business_type?: BusinessType;
  start?: string;
  end?: string;
}

export interface NewAddress {
  coin: string;
  alias: string;
  address: string;
  public_key?: string;
  chain?: number;
  verification: Verification;
}

export interface WithdrawRequest {
  coin: string;
  address_id: string;
  amount: string;
  pay_password: string;
  verification: Verification;
}

export interface TransferRequest {
  coin: string;
  to_account: string;
  amount: string;
  pay_password: string;
  verification: Verification;
}

export interface PayoutSettingBody {
  coin: string;
  address_id: string;
  threshold: string;
  enabled: boolean;
}

type Options = { signal?: AbortSignal; silent?: boolean };

/** Query parameters without the unset ones. */
function defined(query: object): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;
}

const idempotent = (key: string) => ({ headers: { [IDEMPOTENCY_HEADER]: key } });

export const walletApi = {
  balances: (o?: Options) => api.get<Balances>('/v2/wallets/balances', undefined, o),

  addresses: (coin: string | undefined, o?: Options) => api.get<WithdrawAddress[]>('/v2/wallets/addresses', defined({ coin }), o),
  // Silent: the address dialog shows a refusal (a wrong address, a wrong code) at its input.
  addAddress: (body: NewAddress) => api.post<WithdrawAddress>('/v2/wallets/addresses', { ...body, verification: { ...body.verification } }, { silent: true }),
  deleteAddress: (id: string) => api.delete<null>(`/v2/wallets/addresses/${encodeURIComponent(id)}`),

  // Silent: the withdraw dialog places the refusal (below the minimum, too much) at the amount.
  quote: (coin: string, amount: string) => api.post<WithdrawQuote>('/v2/wallets/withdrawals/quote', { coin, amount }, { silent: true }),
  withdraw: (body: WithdrawRequest, idempotencyKey: string) =>
    api.post<WithdrawResult>('/v2/wallets/withdrawals', { ...body, verification: { ...body.verification } }, { silent: true, ...idempotent(idempotencyKey) }),
  withdrawals: (query: PageQuery, o?: Options) => api.get<WithdrawalPage>('/v2/wallets/withdrawals', defined(query), o),

  depositAddress: (coin: string, o?: Options) => api.get<DepositAddress>('/v2/wallets/deposit-address', { coin }, o),
  deposits: (query: PageQuery, o?: Options) => api.get<DepositPage>('/v2/wallets/deposits', defined(query), o),

  transfer: (body: TransferRequest, idempotencyKey: string) =>
    api.post<Transfer>('/v2/wallets/transfers', { ...body, verification: { ...body.verification } }, { silent: true, ...idempotent(idempotencyKey) }),

  transactions: (query: TransactionQuery, o?: Options) => api.get<TransactionPage>('/v2/wallets/transactions', defined(query), o),
  fund: (id: string, o?: Options) => api.get<FundDetail>(`/v2/wallets/fund/${encodeURIComponent(id)}`, undefined, o),

  payoutSettings: (o?: Options) => api.get<PayoutSettings>('/v2/wallets/payout-settings', undefined, o),
  savePayoutSetting: (body: PayoutSettingBody) => api.put<PayoutSettings>('/v2/wallets/payout-settings', { ...body }, { silent: true }),
};
