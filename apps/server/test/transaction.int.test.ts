// The transaction helper on the real database: all-or-nothing, and concurrent read-modify-write
// transactions with a row lock neither interleave nor lose updates (PGlite has one connection;
// PostgreSQL many).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { inTransaction } from '../src/db/transaction';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demo: false });
  await t.database.db.execute(sql`create table tx_probe (id int primary key, n numeric(38,18) not null)`);
  await t.database.db.execute(sql`insert into tx_probe values (1, 0)`);
});
afterAll(async () => {
  await t?.close();
});

const value = async () => {
  const [row] = await queryRows<{ n: string }>(t.database.db, sql`select n::text as n from tx_probe where id = 1`);
  return Number(row!.n);
};

describe('inTransaction', () => {
  it('rolls back every statement when the work throws', async () => {
    await expect(
      inTransaction(t.database.db, async (tx) => {
        await tx.execute(sql`update tx_probe set n = n + 100 where id = 1`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await value()).toBe(0);
  });

  it('serialises 40 concurrent read-modify-write transactions without losing one', async () => {
    await Promise.all(
      Array.from({ length: 40 }, () =>
        inTransaction(t.database.db, async (tx) => {
          const [row] = await queryRows<{ n: string }>(tx, sql`select n::text as n from tx_probe where id = 1 for update`);
          await new Promise((r) => setTimeout(r, 1));
          await tx.execute(sql`update tx_probe set n = ${String(Number(row!.n) + 1)} where id = 1`);
        }),
      ),
    );
    expect(await value()).toBe(40);
  });
});
