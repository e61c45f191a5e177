// A contract's profit of one day, pure (docs/rules.md, Contracts):
//   output       = units x hashrate (H/s) x the coin's unit earnings of the day (FPPS before fees)
//   electricity  = units x power (W) x 24 h / 1000 x rate (USD per kWh) / the day's price (USD)
//   fee          = output x management fee (percent)
//   net          = output - electricity - fee
// A day whose output does not cover the electricity and the fee credits nothing (the shortfall is
// shown); otherwise net plus the fraction carried from earlier days is credited, cut to the coin's
// base unit, and what the cut leaves is carried to the next day (creditWithCarry, the one carry
// rule; the carry is kept to the column's 18 decimals).
import { creditWithCarry } from './carry';
import { LedgerDecimal as Decimal, type DecimalValue } from '../ledger';

/** The columns' scale. */
const STORED = 18;

export interface DayProfitInput {
  units: number;
  /** Hashrate of one unit in H/s. */
  hashesPerSecond: DecimalValue;
  powerWatts: DecimalValue;
  electricityRate: DecimalValue;
  managementFee: DecimalValue;
  /** What one H/s earned over the day (earnings' unit earnings). */
  perHashPerSecond: DecimalValue;
  priceUsd: DecimalValue;
  carry: DecimalValue;
  baseDecimals: number;
}

export interface DayProfit {
  output: string;
  electricity: string;
  fee: string;
  net: string;
  credited: string;
  shortfall: boolean;
  carry: string;
}

const stored = (d: Decimal) => d.toDecimalPlaces(STORED, Decimal.ROUND_DOWN).toFixed();

export function dayProfit(input: DayProfitInput): DayProfit {
  const output = new Decimal(input.hashesPerSecond).times(input.units).times(input.perHashPerSecond);
  const electricityUsd = new Decimal(input.powerWatts).times(input.units).times(24).div(1000).times(input.electricityRate);
  const price = new Decimal(input.priceUsd);
  if (!price.gt(0)) throw new RangeError('contract profit: the day needs a positive price');
  const electricity = electricityUsd.div(price);
  const fee = output.times(input.managementFee).div(100);
  const net = output.minus(electricity).minus(fee);
  if (!net.gt(0)) {
    return { output: stored(output), electricity: stored(electricity), fee: stored(fee), net: stored(net), credited: '0', shortfall: true, carry: new Decimal(input.carry).toFixed() };
  }
  const { credit, carry } = creditWithCarry(net, input.carry, input.baseDecimals);
  return { output: stored(output), electricity: stored(electricity), fee: stored(fee), net: stored(net), credited: credit.toFixed(), shortfall: false, carry: stored(carry) };
}
