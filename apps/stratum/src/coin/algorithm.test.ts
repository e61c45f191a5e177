import { describe, expect, it } from 'vitest';
import {
  SCRYPT,
  SHA256D,
  difficultyForTarget,
  hashMeetsTarget,
  hashToBigInt,
  hashToNumber,
  networkDifficultyFromBits,
  nodeDifficultyToPoolUnit,
  targetForDifficulty,
  targetFromBits,
} from './algorithm';
import { u32le } from './bytes';
import { hashesInFlight } from './offloaded-scrypt';
import { LTC_GENESIS } from './test-vectors';
import { findCoin } from '@hashpool/shared';

/** A 256-bit number as a hash buffer (little-endian, as powHash returns it). */
const asHash = (n: bigint) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex').reverse();

describe('comparing a hash with a target', () => {
  it('reads the hash as a double within 1e-15 of its exact value', () => {
    for (const n of [1n, 0xffffn << 208n, (1n << 256n) - 1n, 0x1234_5678_9abc_def0_1122_3344_5566_7788n << 100n]) {
      const exact = Number(n);
      expect(Math.abs(hashToNumber(asHash(n)) - exact) / exact).toBeLessThan(1e-15);
    }
  });

  it('is exact at the edge: a hash equal to the target meets it, one above does not', () => {
    for (const target of [targetForDifficulty(SHA256D, 1), targetForDifficulty(SCRYPT, 3.7), targetFromBits('17023a04')]) {
      const value = Number(target);
      for (const [hash, meets] of [[target, true], [target - 1n, true], [target + 1n, false], [target * 2n, false], [target / 2n, true]] as const) {
        const h = asHash(hash);
        expect(hashMeetsTarget(h, hashToNumber(h), target, value)).toBe(meets);
      }
    }
  });
});

describe('difficulty and targets', () => {
  it('difficulty 1 is diff1: 0xffff·2^208 for SHA-256d, 2^16 times easier for Scrypt', () => {
    expect(targetForDifficulty(SHA256D, 1)).toBe(0xffffn << 208n);
    expect(targetForDifficulty(SCRYPT, 1)).toBe(0xffffn << 224n);
    expect(targetForDifficulty(SCRYPT, 1) / targetForDifficulty(SHA256D, 1)).toBe(65_536n);
    expect(targetForDifficulty(SHA256D, 2)).toBe((0xffffn << 208n) / 2n);
    expect(difficultyForTarget(SHA256D, targetForDifficulty(SHA256D, 0.5))).toBeCloseTo(0.5, 9);
    expect(() => targetForDifficulty(SHA256D, 0)).toThrow(RangeError);
  });

  it('one stratum difficulty is the pool unit k of docs §5: 2^32 hashes (SHA-256d), 2^16 (Scrypt)', () => {
    // Expected hashes for a share of difficulty 1 = 2^256 / (target + 1) ≈ 2^256 / diff1.
    const hashesPerShare = (target: bigint) => Number((1n << 256n) / target);
    expect(hashesPerShare(SHA256D.diff1) / findCoin('btc')!.hashesPerDifficulty).toBeCloseTo(1, 4);
    expect(hashesPerShare(SCRYPT.diff1) / findCoin('ltc')!.hashesPerDifficulty).toBeCloseTo(1, 4);
    expect(hashesPerShare(SCRYPT.diff1) / findCoin('doge')!.hashesPerDifficulty).toBeCloseTo(1, 4);
    expect(SHA256D.poolUnitPerStratumDifficulty).toBe(1);
    expect(SCRYPT.poolUnitPerStratumDifficulty).toBe(1);
  });

  it("a node's getdifficulty (Bitcoin diff1) is pool units ×1 for SHA-256d and ×65,536 for Scrypt", () => {
    // Litecoin testnet block 2,273,263: bits 1d031050; litecoind reports 0xffff·2^208 / target
    // = 65535 / 200784 ≈ 0.3264, which is 21,390.66 in the pool's unit.
    const bits = '1d031050';
    const nodeDifficulty = 65_535 / 0x031050;
    expect(networkDifficultyFromBits(SCRYPT, bits)).toBeCloseTo(nodeDifficultyToPoolUnit(SCRYPT, nodeDifficulty), 6);
    expect(networkDifficultyFromBits(SCRYPT, bits)).toBeCloseTo(21_390.66, 1);
    expect(nodeDifficultyToPoolUnit(SCRYPT, 1)).toBe(65_536);
    // Bitcoin: nBits 1d00ffff is difficulty 1 on the node and in the pool's unit.
    expect(networkDifficultyFromBits(SHA256D, '1d00ffff')).toBe(1);
    expect(nodeDifficultyToPoolUnit(SHA256D, 1)).toBe(1);
  });

  it('reads compact nBits', () => {
    expect(targetFromBits('1d00ffff')).toBe(0xffffn << 208n);
    expect(targetFromBits('207fffff')).toBe(0x7fffffn << 232n);
    expect(targetFromBits('1b04864c')).toBe(0x04864cn << 192n);
  });
});

describe('scrypt proof of work', () => {
  it("Litecoin's genesis header meets its target under scrypt(N=1024, r=1, p=1)", () => {
    const header = Buffer.concat([
      u32le(LTC_GENESIS.version),
      Buffer.alloc(32),
      Buffer.from(LTC_GENESIS.merkleRoot, 'hex').reverse(),
      u32le(LTC_GENESIS.time),
      u32le(parseInt(LTC_GENESIS.bits, 16)),
      u32le(LTC_GENESIS.nonce),
    ]);
    const pow = hashToBigInt(SCRYPT.powHash(header));
    expect(pow <= targetFromBits(LTC_GENESIS.bits)).toBe(true);
    // The same header with another nonce does not: the check is not trivially true.
    header.writeUInt32LE(LTC_GENESIS.nonce + 1, 76);
    expect(hashToBigInt(SCRYPT.powHash(header)) <= targetFromBits(LTC_GENESIS.bits)).toBe(false);
  });

  it('off the event loop gives the same hash, and counts the hashes in flight (the share outbox holds its write while any are)', async () => {
    const headers = Array.from({ length: 6 }, (_, i) => Buffer.alloc(80, i));
    const pending = headers.map((h) => SCRYPT.powHashAsync!(h));
    expect(hashesInFlight()).toBe(6); // on the hash threads or waiting for one
    const hashes = await Promise.all(pending);
    expect(hashesInFlight()).toBe(0);
    expect(hashes).toEqual(headers.map((h) => SCRYPT.powHash(h)));
  });

  it('gives every share its own hash when a turn holds more headers than the threads take in one batch', async () => {
    // 100 headers in one turn: several batches per thread, some waiting until a thread answers.
    const headers = Array.from({ length: 100 }, (_, i) => Buffer.from(Buffer.alloc(80, i % 251).fill(i >> 8, 0, 1)));
    const hashes = await Promise.all(headers.map((h) => SCRYPT.powHashAsync!(h)));
    expect(hashesInFlight()).toBe(0);
    expect(hashes.map((h) => h.toString('hex'))).toEqual(headers.map((h) => SCRYPT.powHash(h).toString('hex')));
  });

  it('serves sources in turn: one share of a home miner does not wait behind a farm’s backlog', async () => {
    const header = (source: number, i: number) => Buffer.from(Buffer.alloc(80, source).fill(i & 0xff, 0, 1).fill(i >> 8, 1, 2));
    const done: string[] = [];
    const farm = Array.from({ length: 400 }, (_, i) => SCRYPT.powHashAsync!(header(1, i), '10.0.0.1').then(() => done.push('farm')));
    const home = SCRYPT.powHashAsync!(header(2, 0), '192.0.2.7').then(() => done.push('home'));
    await Promise.all([...farm, home]);
    // In arrival order the home share was the 401st; in turns it goes with the first batches
    // (the first message to each thread holds at most 16 hashes).
    expect(done.indexOf('home')).toBeLessThan(40);
  });

  it('gives each source its own hashes in order when its backlog is long (the taken part of a queue is dropped)', async () => {
    const header = (source: number, i: number) => Buffer.from(Buffer.alloc(80, source).fill(i & 0xff, 0, 1).fill(i >> 8, 1, 2));
    const sources = [[3, 2500], [4, 30], [5, 1]] as const;
    const asked = sources.flatMap(([source, count]) => Array.from({ length: count }, (_, i) => header(source, i)));
    const hashes = await Promise.all(asked.map((h) => SCRYPT.powHashAsync!(h, `source-${h[2]}`)));
    expect(hashesInFlight()).toBe(0);
    expect(hashes.map((h) => h.toString('hex'))).toEqual(asked.map((h) => SCRYPT.powHash(h).toString('hex')));
  });
});
