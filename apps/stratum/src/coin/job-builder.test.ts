import { Block, Transaction, payments } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { SHA256D, sha256d } from './algorithm';
import { assembleBlock, baseUnitsToCoins, blockHash } from './block-submitter';
import { swapWords } from './bytes';
import { JobBuilder, buildCoinbase, heightPush, payoutScriptFor, withCoinbaseWitness } from './job-builder';
import { addressNetwork } from './networks';
import { ShareChecker, assembleHeader } from './share-check';
import { JobStore } from './job-builder';
import { BTC_881423 } from './test-vectors';
import type { BlockTemplate } from './template';
import { stripCoinbaseWitness } from './vector-jobs';

describe('coinbase', () => {
  it('BIP 34 height push as Bitcoin Core writes it', () => {
    expect(heightPush(881_423).toString('hex')).toBe('030f730d');
    expect(heightPush(5).toString('hex')).toBe('55'); // OP_5
    expect(heightPush(17).toString('hex')).toBe('0111');
    expect(heightPush(128).toString('hex')).toBe('028000');
  });

  it('adds and removes the witness reserved value as block 881,423 carries it', () => {
    const full = Buffer.from(BTC_881423.coinbaseWithWitness, 'hex');
    expect(withCoinbaseWitness(stripCoinbaseWitness(full))).toEqual(full);
  });

  it('splits around 8 extranonce bytes after the height; outputs pay the pool and commit to witnesses', () => {
    const payoutScript = Buffer.from('0014c64b1b9283ba1ea86bb9e7b696b0c8f68dad0400', 'hex');
    const commitment = '6a24aa21a9edb395560ab72068c2afb1d7e6c7db26b813482089d2c4d2471b9036c5e8261406';
    const { coinbase1, coinbase2 } = buildCoinbase({ height: 881_423, coinbaseValue: 314_616_437n, payoutScript, tag: '/hashpool/', witnessCommitment: commitment });
    const tx = Buffer.concat([coinbase1, Buffer.from('0102030405060708', 'hex'), coinbase2]);
    // Parsed by bitcoinjs-lib as a coinbase with our script and both outputs.
    const parsed = Transaction.fromBuffer(tx);
    expect(parsed.isCoinbase()).toBe(true);
    expect(Buffer.from(parsed.ins[0]!.script).toString('hex')).toBe('030f730d' + '0102030405060708' + Buffer.from('/hashpool/').toString('hex'));
    expect(parsed.outs).toHaveLength(2);
    expect(BigInt(parsed.outs[0]!.value)).toBe(314_616_437n);
    expect(Buffer.from(parsed.outs[0]!.script)).toEqual(payoutScript);
    expect(Buffer.from(parsed.outs[1]!.script).toString('hex')).toBe(commitment);
  });

  it('cuts a tag that would make the script longer than 100 bytes', () => {
    const { coinbase1, coinbase2 } = buildCoinbase({ height: 1000, coinbaseValue: 1n, payoutScript: Buffer.from('51', 'hex'), tag: 'x'.repeat(200) });
    const scriptLength = coinbase1[41]!;
    expect(scriptLength).toBe(100);
    // 3 bytes of height push + 8 of extranonces + 89 of tag, then the input's sequence.
    expect(coinbase2.subarray(0, 89).toString()).toBe('x'.repeat(89));
    expect(coinbase2.subarray(89, 93).toString('hex')).toBe('ffffffff');
  });
});

describe('jobs of one template', () => {
  const template = (curtime: number): BlockTemplate => ({
    version: 0x20000000,
    previousblockhash: '11'.repeat(32),
    transactions: [{ data: '', txid: '22'.repeat(32) }],
    coinbasevalue: 5_000_000_000,
    target: `7fffff${'00'.repeat(29)}`,
    curtime,
    mintime: 1_699_999_000,
    bits: '1d00ffff',
    height: 1000,
    default_witness_commitment: `6a24aa21a9ed${'33'.repeat(32)}`,
  });

  it('of a restarted process are new: its first job on the same template has another id and coinbase, so a share credited before is stale', async () => {
    const payout = Buffer.from(`0014${'44'.repeat(20)}`, 'hex');
    const before = new JobBuilder(SHA256D, payout, '/hashpool/').build(template(1_700_000_000), true);
    const after = new JobBuilder(SHA256D, payout, '/hashpool/').build(template(1_700_000_000), true);
    expect(after.id).not.toBe(before.id);
    expect(after.coinbase2).not.toBe(before.coinbase2);
    const store = new JobStore();
    store.add(after);
    const checker = new ShareChecker(SHA256D, store, async () => {
      throw new Error('not a block');
    }, () => 1_700_000_100_000);
    const replayed = await checker.check({ jobId: before.id, extranonce1: '07000000', extranonce2: '00000001', ntime: '6553f100', nonce: '00000005', versionMask: 0, difficulty: 1e-12, account: 'a', worker: 'w' });
    expect(replayed).toMatchObject({ ok: false, code: 21 });
  });

  it('are different work: the same submission under two jobs of an unchanged template is two hashes', async () => {
    // A refresh that changed nothing but the time (a quiet chain) gave the same coinbase and branch
    // under a new id: one header was accepted once under each job id, and credited twice.
    const builder = new JobBuilder(SHA256D, Buffer.from(`0014${'44'.repeat(20)}`, 'hex'), '/hashpool/');
    const store = new JobStore();
    const first = builder.build(template(1_700_000_000), true);
    store.add(first);
    const second = builder.build(template(1_700_000_030), false);
    store.add(second);
    expect(second.coinbase2).not.toBe(first.coinbase2);
    const checker = new ShareChecker(SHA256D, store, async () => {
      throw new Error('not a block');
    }, () => 1_700_000_100_000);
    const submission = { extranonce1: '07000001', extranonce2: '00000001', ntime: '6553f100', nonce: '00000005', versionMask: 0, difficulty: 1e-12, account: 'a', worker: 'w' };
    const a = await checker.check({ ...submission, jobId: first.id });
    const b = await checker.check({ ...submission, jobId: second.id });
    expect(a.ok && b.ok).toBe(true);
    expect(a.ok && b.ok && a.shareDifficulty !== b.shareDifficulty).toBe(true);
  });

  it('carry their 4-byte number after the extranonces, the tag cut to keep the script at 100 bytes', () => {
    const { coinbase1, coinbase2 } = buildCoinbase({ height: 1000, coinbaseValue: 1n, payoutScript: Buffer.from('51', 'hex'), tag: 'x'.repeat(200), jobNumber: 0x0a0b0c0d });
    expect(coinbase1[41]).toBe(100);
    expect(coinbase2.subarray(0, 4).toString('hex')).toBe('0d0c0b0a');
    // 3 bytes of height push + 8 of extranonces + 4 of job number + 85 of tag.
    expect(coinbase2.subarray(4, 89).toString()).toBe('x'.repeat(85));
    expect(coinbase2.subarray(89, 93).toString('hex')).toBe('ffffffff');
  });
});

describe('payout addresses per coin and network', () => {
  const hash = Buffer.alloc(20, 7);
  const cases: ['btc' | 'ltc' | 'doge', 'mainnet' | 'testnet' | 'regtest', RegExp][] = [
    ['btc', 'mainnet', /^1/], ['ltc', 'mainnet', /^L/], ['ltc', 'testnet', /^[mn]/], ['ltc', 'regtest', /^[mn]/],
    ['doge', 'mainnet', /^D/], ['doge', 'testnet', /^n/],
  ];
  for (const [coin, network, prefix] of cases) {
    it(`${coin} ${network}: P2PKH ${prefix} round-trips to its script`, () => {
      const net = addressNetwork(coin, network);
      const p2pkh = payments.p2pkh({ hash, network: net });
      expect(p2pkh.address).toMatch(prefix);
      expect(payoutScriptFor(p2pkh.address!, net)).toEqual(Buffer.from(p2pkh.output!));
    });
  }
  it('bech32 HRPs: ltc1, tltc1, rltc1; a Bitcoin address is refused for Litecoin', () => {
    for (const [network, hrp] of [['mainnet', 'ltc1'], ['testnet', 'tltc1'], ['regtest', 'rltc1']] as const) {
      const net = addressNetwork('ltc', network);
      const p2wpkh = payments.p2wpkh({ hash, network: net });
      expect(p2wpkh.address!.startsWith(hrp)).toBe(true);
      expect(payoutScriptFor(p2wpkh.address!, net)).toEqual(Buffer.from(p2wpkh.output!));
    }
    const btcAddress = payments.p2wpkh({ hash, network: addressNetwork('btc', 'mainnet') }).address!;
    expect(() => payoutScriptFor(btcAddress, addressNetwork('ltc', 'mainnet'))).toThrow();
  });
});

describe('a job from a template, solved and assembled', () => {
  it('gives a block bitcoinjs-lib validates: merkle root and witness commitment', async () => {
    const payoutScript = Buffer.from(payments.p2wpkh({ hash: Buffer.alloc(20, 1) }).output!);
    // Witness root of a block with only the coinbase: its wtxid is 0 by definition.
    const commitmentHash = sha256d(Buffer.alloc(64));
    const template: BlockTemplate = {
      version: 0x20000000,
      previousblockhash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
      transactions: [],
      coinbasevalue: 5_000_000_000,
      target: '7fffff0000000000000000000000000000000000000000000000000000000000',
      curtime: 1_700_000_000,
      mintime: 1_699_999_000,
      bits: '207fffff',
      height: 1,
      default_witness_commitment: `6a24aa21a9ed${commitmentHash.toString('hex')}`,
    };
    const job = new JobBuilder(SHA256D, payoutScript, '/hashpool/').build(template, true);
    expect(job.prevHash).toBe(swapWords(Buffer.from(template.previousblockhash, 'hex').reverse()).toString('hex'));
    expect(job.version).toBe('20000000');
    expect(job.ntime).toBe('6553f100');
    const store = new JobStore();
    store.add(job);
    let block: Buffer | undefined;
    const checker = new ShareChecker(SHA256D, store, async (j, solved) => {
      block = assembleBlock(j, solved);
      return { coin: 'btc', height: 1, hash: blockHash(solved.header), reward: 0n, networkDifficulty: 0, accepted: true };
    }, () => 1_700_000_000_000);
    for (let nonce = 0; !block && nonce < 100; nonce++) {
      await checker.check({ jobId: job.id, extranonce1: 'aa000001', extranonce2: '00000000', ntime: job.ntime, nonce: nonce.toString(16).padStart(8, '0'), versionMask: 0, difficulty: 1e-9, account: 'a', worker: 'w' });
    }
    expect(block).toBeDefined();
    const parsed = Block.fromBuffer(block!);
    expect(parsed.checkTxRoots()).toBe(true);
    expect(parsed.checkProofOfWork()).toBe(true);
    expect(parsed.transactions![0]!.hasWitnesses()).toBe(true);
    const header = assembleHeader(job, 'aa000001', '00000000', 1_700_000_000, parsed.nonce, 0x20000000);
    expect(Buffer.from(parsed.getHash())).toEqual(sha256d(header.header));
  });

  it('formats base units as a decimal coin string exactly', () => {
    expect(baseUnitsToCoins(5_000_000_000n, 8)).toBe('50');
    expect(baseUnitsToCoins(314_616_437n, 8)).toBe('3.14616437');
    expect(baseUnitsToCoins(1n, 8)).toBe('0.00000001');
    expect(baseUnitsToCoins(1_250_084_371n, 8)).toBe('12.50084371');
  });
});
