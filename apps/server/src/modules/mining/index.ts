// The mining module's one door.
import type { MiningApi } from './mining.module';
import { blocks } from './mining.tables';

export { miningModule, type MiningApi } from './mining.module';
export type { AccountStats, WorkerOwner, MinerListQuery } from './workers.service';
export type { HistorySource, OwnerHistoryPoint, Range, WindowPoint, WindowStretch } from './history.service';
export type { BlockRow } from './blocks.repository';
export type { BlockReviews } from './blocks.service';
/** The owners' history reads, built from the database alone where no module API exists yet (the earnings demo seed, its tools). */
export { HistoryService } from './history.service';
export { DEMO_ADDRESSES, DEMO_NETWORK_DIFFICULTY, DEMO_WORKERS, simulateShares, vardiff, type SimulatedWorker } from './simulator';
export { POINT_SECONDS } from './share-aggregate';

/** The columns other modules' tables may point their foreign keys at. */
export const miningRefs = { blockId: () => blocks.id };

declare module '../../platform/modules' {
  interface ModuleApis { mining: MiningApi }
}
