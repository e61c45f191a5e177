// The money module's one door: the payout schemes, the fee and its reductions, the PPLNS window,
// the one carry rule, a contract's day profit and an order's price, staking's reward and a loan's
// interest, repayment and settlement, a red packet's credits and return, the referral reward, and
// the wallet's amounts (base units, a withdrawal's parts and fees, a capped payout); pure (no
// database, no clock), in the ledger's decimal (LedgerDecimal, 80 digits). Not a module of the registry: any module imports these functions from here. The
// formulas, shown by the profit page in every language with the same symbols:
//
//   W  accepted work of the sub-account, in hashes (share difficulty x k)
//   D  network difficulty of the day (market data), in the pool's difficulty unit
//   k  hashes per difficulty of the coin (2^32 for SHA-256d)
//   B  block subsidy; F  the network's average transaction fees per block (market data of the day)
//   R  a pool block's whole reward (subsidy + its fees); R - B its fees
//   N  the PPLNS window: the pool's last PPLNS_WINDOW_FACTOR x D x k hashes of accepted work
//      before the block; w the sub-account's work in it
//   fee  the fee rate of the coin and method, in percent
//
//   PPS    W / (D x k) x B x (1 - fee)                    (per day; part of PPS+)       pps.ts
//   FPPS   W / (D x k) x (B + F) x (1 - fee)              (per day)                     fpps.ts
//   PPS+   PPS, plus for each pool block once mature: (R - B) x w / N x (1 - fee)        pps.ts, pplns.ts
//   PPLNS  for each pool block once mature: R x w / N x (1 - fee); an orphan pays nothing  pplns.ts
//   SOLO   for each block the sub-account found, once mature: R x (1 - fee)             solo.ts
//
//   reduction  a fee reduction of the sub-account, coin and day, in percent of the fee (a 20 %
//              coupon turns a 2.5 % fee into 2 %): feeAfterReduction; what it saved: feeSaving
//
// Each payment is exact here; it is cut (rounded down) to the coin's base unit (the satoshi:
// CoinInfo.baseDecimals; the ledger holds whole base units) by the one carry rule
// (creditWithCarry, carry.ts): what the cut leaves is carried into the same holder's next payment
// of the coin, never kept by the pool. The display precision (CoinInfo.precision) is for display.
export { baseUnitAmount, cappedPayout, partsNeeded, splitEvenly, withdrawalCharge, withdrawalNet, withdrawalSettlement } from './amounts';
export { blockShareable, type BlockStatus, type PoolBlock } from './blocks';
export { creditWithCarry, cut } from './carry';
export { dayProfit, type DayProfit, type DayProfitInput } from './contract-profit';
export { dailyEarning } from './daily';
export { afterFee, earning, feeAfterReduction, feeBeforeReduction, feeSaving, keepFactor, type Earning } from './fees';
export { fppsGross } from './fpps';
export { blockWork, expectedBlocks, type DayMarket, type Num } from './market';
export { coinWorth, orderPrice } from './order-price';
export { pplnsWindow, pplnsWindowWork, windowShare, type PplnsWindow, type WorkSlice } from './pplns';
export { ppsGross } from './pps';
export { soloShare } from './solo';
export { packetCredit, packetReturn } from './red-packets';
export { referralReward } from './referral';
export { loanDayInterest, loanInterestForDays, repaymentSplit, settlementSources, stakingDailyRate, stakingDayReward } from './staking';
