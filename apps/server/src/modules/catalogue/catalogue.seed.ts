// Reference miner models: real machines of the pool's algorithms, with the hashrate and power
// their vendors publish (nominal figures; each vendor states a tolerance of a few percent). Only
// figures taken from the vendors' specifications are filled; the rest (prices, sellers, most
// physical data) is left for operators, since prices and stock change daily. Inserted on every
// start with ON CONFLICT DO NOTHING, so operators' edits stay.
import type { Db } from '../../db/client';
import { minerModels } from './catalogue.tables';

const T = 1e12;
const G = 1e9;
const K = 1e3;

type Seed = { vendor: string; name: string; algorithm: string; hashrate: number; power: number; release?: string; noise?: number; fans?: number };

const BITMAIN = 'Bitmain';
const MICROBT = 'MicroBT';
const GOLDSHELL = 'Goldshell';
const ICERIVER = 'IceRiver';

export const SEED_MODELS: readonly Seed[] = [
  { vendor: BITMAIN, name: 'Antminer S21', algorithm: 'SHA256d', hashrate: 200 * T, power: 3500, release: '2024', noise: 75, fans: 4 },
  { vendor: BITMAIN, name: 'Antminer S21 Pro', algorithm: 'SHA256d', hashrate: 234 * T, power: 3510, release: '2024' },
  { vendor: BITMAIN, name: 'Antminer S19 XP', algorithm: 'SHA256d', hashrate: 140 * T, power: 3010, release: '2022' },
  { vendor: BITMAIN, name: 'Antminer S19j Pro', algorithm: 'SHA256d', hashrate: 104 * T, power: 3068, release: '2021' },
  { vendor: MICROBT, name: 'Whatsminer M50S', algorithm: 'SHA256d', hashrate: 126 * T, power: 3276, release: '2022' },
  { vendor: MICROBT, name: 'Whatsminer M30S++', algorithm: 'SHA256d', hashrate: 112 * T, power: 3472, release: '2020' },
  { vendor: BITMAIN, name: 'Antminer L7', algorithm: 'Scrypt', hashrate: 9.5 * G, power: 3425, release: '2021', noise: 75, fans: 4 },
  { vendor: GOLDSHELL, name: 'LT6', algorithm: 'Scrypt', hashrate: 3.35 * G, power: 3200, release: '2022' },
  { vendor: BITMAIN, name: 'Antminer E9 Pro', algorithm: 'Ethash', hashrate: 3.68 * G, power: 2200, release: '2023' },
  { vendor: BITMAIN, name: 'Antminer Z15 Pro', algorithm: 'Equihash', hashrate: 840 * K, power: 2780 },
  { vendor: BITMAIN, name: 'Antminer D9', algorithm: 'X11', hashrate: 1770 * G, power: 2839 },
  { vendor: BITMAIN, name: 'Antminer KA3', algorithm: 'Blake2s', hashrate: 166 * T, power: 3154, release: '2022' },
  { vendor: GOLDSHELL, name: 'KD6', algorithm: 'Blake2s', hashrate: 29.2 * T, power: 2630, release: '2022' },
  { vendor: BITMAIN, name: 'Antminer HS3', algorithm: 'Blake2b-SHA3', hashrate: 9 * T, power: 2079, release: '2022' },
  { vendor: BITMAIN, name: 'Antminer K7', algorithm: 'Eaglesong', hashrate: 63.5 * T, power: 3080, release: '2022' },
  { vendor: BITMAIN, name: 'Antminer KS5', algorithm: 'kHeavyHash', hashrate: 20 * T, power: 3000 },
  { vendor: ICERIVER, name: 'KS3', algorithm: 'kHeavyHash', hashrate: 8 * T, power: 3200, release: '2023' },
  { vendor: ICERIVER, name: 'KS0', algorithm: 'kHeavyHash', hashrate: 100 * G, power: 65, release: '2023' },
  { vendor: BITMAIN, name: 'Antminer AL1', algorithm: 'Blake3', hashrate: 15.6 * T, power: 3510, release: '2024' },
  { vendor: GOLDSHELL, name: 'AL-BOX', algorithm: 'Blake3', hashrate: 360 * G, power: 180, release: '2023' },
];

export async function seedMinerModels(db: Db): Promise<void> {
  await db
    .insert(minerModels)
    .values(
      SEED_MODELS.map((m) => ({
        vendor: m.vendor,
        name: m.name,
        kind: 'asic' as const,
        releaseDate: m.release ?? null,
        algorithm: m.algorithm,
        hashrate: String(m.hashrate),
        powerWatts: String(m.power),
        noiseDb: m.noise ?? null,
        fans: m.fans ?? null,
        source: `${m.vendor} published specification`,
      })),
    )
    .onConflictDoNothing();
}
