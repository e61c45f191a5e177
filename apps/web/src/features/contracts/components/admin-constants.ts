// The lists the operators' product form offers.
import { COINS } from '@hashpool/shared';

export { CONTRACT_ORDER_STATUSES, CONTRACT_PRODUCT_SET_STATUSES, formatDateTime, HASHRATE_UNITS, LANGUAGES, type ContractOrderStatus } from '@hashpool/shared';
export const ACCOUNT_COINS_LIST = COINS.filter((c) => c.mode === 'account').map((c) => c.code);
