// The daily settlement built from the database alone, for what runs it outside the app's module
// registry: the demo seed (db/prepare.ts runs seeds before any module API exists), the settlement
// crash test's child process and the settlement benchmark. The same services the module makes,
// with the accounts directory and the mining history made on the same database, and no fee
// reduction.
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AccountDirectory } from '../accounts';
import { HistoryService } from '../mining';
import { EarningsService } from './earnings.service';
import { SimulatedMarketData } from './market-data';
import { SettlementService } from './settlement.service';

export function standaloneSettlement(db: Db, clock: Clock): SettlementService {
  const earnings = new EarningsService(db, clock, new SimulatedMarketData());
  return new SettlementService(db, clock, { earnings, history: new HistoryService(db, clock), accounts: new AccountDirectory(db) });
}
