import { describe, expect, it } from 'vitest';
import { runEach } from './run-each';

describe('runEach', () => {
  it('runs every item though one fails, then throws that one named by its path', async () => {
    const ran: string[] = [];
    const error = await runEach('days', ['2027-01-20', '2027-01-21'], (day) =>
      runEach(`settlement of ${day}`, ['btc', 'ltc'], async (coin) => {
        ran.push(`${day} ${coin}`);
        if (day === '2027-01-20' && coin === 'btc') throw new Error('bad row');
      }),
    ).catch((e: unknown) => e as Error & { step?: string });
    expect(ran).toEqual(['2027-01-20 btc', '2027-01-20 ltc', '2027-01-21 btc', '2027-01-21 ltc']);
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toBe('bad row');
    expect(error?.step).toBe('2027-01-20/btc');
  });

  it('throws all failures together when more than one failed', async () => {
    const error = await runEach('steps', ['a', 'b', 'c'], async (step) => {
      if (step !== 'b') throw new Error(`${step} failed`);
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).message).toBe('steps failed: a, c');
    expect((error as AggregateError).errors).toHaveLength(2);
  });

  it('resolves when nothing failed', async () => {
    await expect(runEach('steps', [1, 2], async () => undefined)).resolves.toBeUndefined();
  });
});
