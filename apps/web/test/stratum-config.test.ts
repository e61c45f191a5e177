// The connect guide's example configuration for cgminer-style miners.
import { describe, expect, it } from 'vitest';
import { EXAMPLE_PASSWORD, minerConfigExample } from '../src/features/mining/lib/stratum';

describe('miner configuration example', () => {
  it('is the pools list of cgminer.conf, one entry per URL in failover order', () => {
    const text = minerConfigExample(['stratum+tcp://ltc.pool.example:3333', 'stratum+ssl://ltc.pool.example:3334'], 'myfarm01.worker1');
    expect(JSON.parse(text)).toEqual({
      pools: [
        { url: 'stratum+tcp://ltc.pool.example:3333', user: 'myfarm01.worker1', pass: EXAMPLE_PASSWORD },
        { url: 'stratum+ssl://ltc.pool.example:3334', user: 'myfarm01.worker1', pass: EXAMPLE_PASSWORD },
      ],
    });
    expect(text).toContain('\n  "pools": [');
  });

  it('lists three pools at most, as cgminer fails over through them', () => {
    const urls = [1, 2, 3, 4, 5].map((n) => `stratum+tcp://pool${n}.example:3333`);
    expect((JSON.parse(minerConfigExample(urls, 'a.b')) as { pools: unknown[] }).pools).toHaveLength(3);
  });
});
