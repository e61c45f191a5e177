// Demo only (DEMO_SEED): two contract products named "Demo" and flagged demo (made by the products
// service), and one running order of the demo user (flagged demo) whose daily profit the job
// credits like any other, to its second sub-account (the first one's balance is the demo farm's
// settled earnings alone). The order was paid six days ago, which no service call can do now: it
// and its history are written by the module's repository.
import { addDays, utcDay } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { DEMO_ACCOUNTS, type AccountDirectory } from '../accounts';
import { findProduct, insertEvent, insertOrderIfAbsent } from './contracts.repository';
import type { ProductsService } from './products.service';

const BTC_PRODUCT = '00000000-0000-4000-8000-00000000c001';
const LTC_PRODUCT = '00000000-0000-4000-8000-00000000c002';
const DEMO_ORDER = '00000000-0000-4000-8000-00000000c101';

const TERMS = {
  en: 'Demo terms. The contract runs for its duration from the day after payment. Daily output follows the network (FPPS unit earnings of the day); electricity and the management fee are deducted; a day whose output does not cover them credits nothing. Payments are final once the contract is in effect.',
  'zh-CN': '演示条款。合约自付款次日起按期限运行。每日产出随全网变化（当日 FPPS 单位收益），扣除电费和管理费；产出不足以覆盖时当日不发放收益。合约生效后付款不予退还。',
  'ru-RU': 'Демонстрационные условия. Контракт действует свой срок со дня, следующего за оплатой. Дневной доход следует за сетью (доход FPPS на единицу за день); вычитаются электричество и комиссия за управление; день, доход которого их не покрывает, ничего не начисляет. После вступления контракта в силу оплата не возвращается.',
  ja: 'デモ条項。契約は支払いの翌日から期間中稼働します。日次産出はネットワークに従い（当日の FPPS 単位収益）、電気代と管理手数料が差し引かれます。産出がそれらを賄えない日は付与されません。契約発効後の支払いは返金されません。',
  ko: '데모 약관. 계약은 결제 다음 날부터 기간 동안 운영됩니다. 일일 산출은 네트워크를 따르며(당일 FPPS 단위 수익) 전기료와 관리 수수료가 차감됩니다. 산출이 이를 충당하지 못하는 날은 지급되지 않습니다. 계약 발효 후 결제는 환불되지 않습니다.',
};

export async function seedDemoContracts(db: Db, clock: Clock, products: ProductsService, accounts: AccountDirectory): Promise<void> {
  const now = clock.now();
  const common = {
    fiat_currency: 'USD',
    sale_start: new Date(now.getTime() - 30 * 86_400_000).toISOString(),
    sale_end: new Date(now.getTime() + 365 * 86_400_000).toISOString(),
    status: 'on_sale' as const,
    terms: TERMS,
    names: {},
  };
  if (!(await findProduct(db, BTC_PRODUCT))) {
    await products.create(null, { name: 'Demo BTC S21 · 90 days', coin: 'btc', hashrate: '10', hashrate_unit: 'TH/s', duration_days: 90, price_usdt: '45', price_fiat: '45', power_watts: '175', electricity_rate: '0.05', management_fee: '2', inventory: 500, ...common }, { id: BTC_PRODUCT });
  }
  if (!(await findProduct(db, LTC_PRODUCT))) {
    await products.create(null, { name: 'Demo LTC L7 · 30 days', coin: 'ltc', hashrate: '100', hashrate_unit: 'MH/s', duration_days: 30, price_usdt: '12', price_fiat: '12', power_watts: '34', electricity_rate: '0.06', management_fee: '3', inventory: 200, ...common }, { id: LTC_PRODUCT });
  }
  const demo = await accounts.byName(DEMO_ACCOUNTS[1]!);
  if (!demo) return;
  const effectDate = addDays(utcDay(now), -5);
  const paidAt = new Date(now.getTime() - 6 * 86_400_000);
  await inTransaction(db, async (tx) => {
    const order = await insertOrderIfAbsent(tx, {
      id: DEMO_ORDER, userId: demo.userId, accountId: demo.id, productId: BTC_PRODUCT, requestKey: 'demo-order-1', productName: 'Demo BTC S21 · 90 days', coin: 'btc', units: 2,
      hashrate: '10', hashrateUnit: 'TH/s', durationDays: 90, powerWatts: '175', electricityRate: '0.05', managementFee: '2', amountUsdt: '90', payMethod: 'usdt_trc20',
      payAmount: '90', payCurrency: 'USDT', payAddress: 'demo-usdt-address-not-payable', payReference: 'HPDEMO00001', status: 'effect',
      createdAt: paidAt, paidAt, effectDate, endDate: addDays(effectDate, 90), demo: true,
    });
    if (!order) return;
    await insertEvent(tx, { orderId: DEMO_ORDER, fromStatus: null, toStatus: 'unpaid', actor: 'user', actorId: demo.userId, reason: null, at: paidAt });
    await insertEvent(tx, { orderId: DEMO_ORDER, fromStatus: 'unpaid', toStatus: 'effect', actor: 'system', actorId: null, reason: 'demo: paid', at: paidAt });
  });
}
