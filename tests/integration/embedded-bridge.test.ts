/**
 * The embedded database's socket bridge under concurrent clients (docs/decisions/0008): parameterised queries from
 * many pool connections never run against another connection's statement, transactions keep the session to
 * themselves, and a client that fails or disconnects mid-transaction does not stall the others.
 */
import pg from 'pg';
import { inject, describe, expect, it } from 'vitest';

const embedded = inject('embeddedDatabase');
const url = inject('databaseUrl');

describe.runIf(embedded)('the embedded database bridge', () => {
  it('answers every parameterised query from 12 concurrent connections with its own result', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 12 });
    try {
      const jobs = Array.from({ length: 600 }, (_, i) =>
        // Different shapes with the same parameter count: a Bind landing on another connection's Parse would
        // answer the wrong shape instead of failing.
        i % 2 === 0 ? pool.query<{ v: number }>('select $1::int * 2 as v from generate_series(1, 3000) g order by g desc limit 1', [i]).then((r) => expect(r.rows[0]?.v).toBe(i * 2)) : pool.query<{ v: string }>("select $1::text || '!' as v", [`q${i}`]).then((r) => expect(r.rows[0]?.v).toBe(`q${i}!`)),
      );
      await Promise.all(jobs);
    } finally {
      await pool.end();
    }
  });

  it('keeps transactions isolated while other connections query, and survives a client vanishing mid-transaction', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 8 });
    try {
      await pool.query('create table if not exists bridge_accounts (id int primary key, balance int not null)');
      await pool.query('delete from bridge_accounts');
      await pool.query('insert into bridge_accounts select g, 100 from generate_series(1, 10) g');
      const transfer = async (n: number) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query('update bridge_accounts set balance = balance - $1 where id = $2', [1, (n % 10) + 1]);
          await client.query('update bridge_accounts set balance = balance + $1 where id = $2', [1, ((n + 3) % 10) + 1]);
          await client.query(n % 7 === 0 ? 'rollback' : 'commit');
        } finally {
          client.release();
        }
      };
      // Parameterised reads between the transactions' statements: the pattern that broke pglite-socket.
      const readers = Array.from({ length: 100 }, (_, n) => pool.query('select sum(balance)::int + $1::int as s from bridge_accounts', [n]).then((r) => expect(r.rows[0].s).toBe(1000 + n)));
      await Promise.all([...Array.from({ length: 120 }, (_, n) => transfer(n)), ...readers]);

      // A client that opens a transaction and disappears: its work is rolled back and nobody waits forever.
      const quitter = new pg.Client({ connectionString: url });
      quitter.on('error', () => {}); // the disconnect is the point
      await quitter.connect();
      await quitter.query('begin');
      await quitter.query('update bridge_accounts set balance = 0 where id = 1');
      (quitter as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
      const after = await pool.query('select sum(balance)::int as s from bridge_accounts');
      expect(after.rows[0].s).toBe(1000);

      // A statement that fails ends only its own exchange.
      await expect(pool.query('select $1::int as v', ['not a number'])).rejects.toThrow();
      expect((await pool.query('select 1 as v')).rows[0].v).toBe(1);
    } finally {
      await pool.query('drop table if exists bridge_accounts');
      await pool.end();
    }
  });
});
