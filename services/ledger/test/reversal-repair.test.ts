/**
 * Issue 30: migration 20261129000000 repairs what the old reversal stored (the original voided beside its posted
 * reversal, so the books moved twice). A database of this test's own is migrated up to the migration before it,
 * given rows shaped exactly as the old code left them, then migrated to the end: the repair runs as it will on a
 * deployed ledger.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { createPool, ensureDatabase, migrate, PLATFORM_MIGRATIONS_DIR } from '@finance/platform';
import { TEST_DATABASE_URL } from '@finance/platform/testing';
import { ledgerService } from '../src/service';

const REPAIR = '20261129000000_reversal_leaves_original_posted';

type Pool = ReturnType<typeof createPool>;

test('originals voided by a reversal are posted again (chains and voided reversals included); each is recorded; the new invariants hold', async () => {
  const url = new URL(TEST_DATABASE_URL);
  const dbName = `${url.pathname.slice(1)}_repair_${process.pid}`;
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const admin = createPool(TEST_DATABASE_URL, { max: 1 });
  const before = mkdtempSync(join(tmpdir(), 'ledger-migrations-'));
  let pool: Pool | undefined;
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await ensureDatabase(databaseUrl);
    await migrate({ databaseUrl, schema: 'platform', migrationsDir: PLATFORM_MIGRATIONS_DIR });
    // Every ledger migration before the repair: the schema the old reversal wrote into.
    const names = readdirSync(ledgerService.migrationsDir).filter((n) => n < REPAIR);
    for (const name of names) cpSync(join(ledgerService.migrationsDir, name), join(before, name), { recursive: true });
    await migrate({ databaseUrl, schema: 'ledger', migrationsDir: before });
    pool = createPool(databaseUrl, { max: 1 });
    const db = pool;

    const orgA = uuidv7();
    const orgB = uuidv7();
    const bank = { [orgA]: uuidv7(), [orgB]: uuidv7() };
    const sales = { [orgA]: uuidv7(), [orgB]: uuidv7() };
    for (const org of [orgA, orgB]) {
      await db.query(`INSERT INTO ledger.accounts (id, org_id, name, type) VALUES ($1, $2, 'Bank', 'asset'), ($3, $2, 'Sales', 'income')`, [
        bank[org],
        org,
        sales[org],
      ]);
    }
    // Organization A has closed its books through January; B has never closed anything.
    await db.query(`INSERT INTO ledger.organization_settings (org_id, closed_through) VALUES ($1, '2026-01-31')`, [orgA]);
    /** A transaction of `amount` (bank debited, or credited when `swapped`), stored with its entries in `status`. */
    const stored = async (org: string, date: string, status: string, amount: number, swapped = false) => {
      const id = uuidv7();
      await db.query(`INSERT INTO ledger.transactions (id, org_id, date, status, total_debit, total_credit, entry_count) VALUES ($1, $2, $3, $4, $5, $5, 2)`, [
        id,
        org,
        date,
        status,
        amount,
      ]);
      const [debit, credit] = swapped ? [sales[org], bank[org]] : [bank[org], sales[org]];
      await db.query(
        `INSERT INTO ledger.entries (id, org_id, transaction_id, account_id, date, transaction_status, currency, debit, credit)
         VALUES ($1, $3, $4, $5, $6, $7, 'INR', $8, 0), ($2, $3, $4, $9, $6, $7, 'INR', 0, $8)`,
        [uuidv7(), uuidv7(), org, id, debit, date, status, amount, credit],
      );
      return id;
    };
    /** What the old reverse did: the reversal names the original, the original (already void) names its reversal. */
    const link = async (original: string, reversal: string) => {
      await db.query(`UPDATE ledger.transactions SET reverses = $1 WHERE id = $2`, [original, reversal]);
      await db.query(`UPDATE ledger.transactions SET reversed_by = $2 WHERE id = $1`, [original, reversal]);
    };

    const plain = await stored(orgA, '2026-01-05', 'posted', 1000);
    const voided = await stored(orgA, '2026-01-06', 'void', 300);
    // Reversed once, the original in the (now) closed January, its reversal in February.
    const o1 = await stored(orgA, '2026-01-10', 'void', 500);
    const r1 = await stored(orgA, '2026-02-10', 'posted', 500, true);
    await link(o1, r1);
    // A chain: the reversal reversed in turn (the old code allowed it): the books meant the original.
    const o2 = await stored(orgA, '2026-02-01', 'void', 70);
    const r2 = await stored(orgA, '2026-02-02', 'void', 70, true);
    const r3 = await stored(orgA, '2026-02-03', 'posted', 70);
    await link(o2, r2);
    await link(r2, r3);
    // A reversal voided by hand afterwards: the pair counted for nothing.
    const o3 = await stored(orgB, '2026-03-01', 'void', 40);
    const r4 = await stored(orgB, '2026-03-02', 'posted', 40, true);
    await link(o3, r4);
    await db.query(`UPDATE ledger.transactions SET status = 'void' WHERE id = $1`, [r4]);

    const bankBalance = async (org: string) =>
      Number(
        (
          await db.query(`SELECT coalesce(sum(debit - credit), 0) AS n FROM ledger.entries WHERE account_id = $1 AND transaction_status = 'posted'`, [
            bank[org],
          ])
        ).rows[0].n,
      );
    // The old books: A's bank lost the 500 twice (1000 - 500 + 70), B's pair counted for nothing.
    expect(await bankBalance(orgA)).toBe(570);
    expect(await bankBalance(orgB)).toBe(0);

    const result = await migrate({ databaseUrl, schema: 'ledger', migrationsDir: ledgerService.migrationsDir });
    expect(result.applied).toEqual(readdirSync(ledgerService.migrationsDir).filter((n) => n >= REPAIR));

    const rows = new Map(
      (await db.query(`SELECT id, status, reverses, reversed_by FROM ledger.transactions`)).rows.map((r) => [
        r.id as string,
        { status: r.status, reverses: r.reverses, reversed_by: r.reversed_by },
      ]),
    );
    expect(rows.get(plain)).toEqual({ status: 'posted', reverses: null, reversed_by: null });
    expect(rows.get(voided)).toEqual({ status: 'void', reverses: null, reversed_by: null });
    expect(rows.get(o1)).toEqual({ status: 'posted', reverses: null, reversed_by: r1 });
    expect(rows.get(r1)).toEqual({ status: 'posted', reverses: o1, reversed_by: null });
    expect(rows.get(o2)).toEqual({ status: 'posted', reverses: null, reversed_by: r2 });
    expect(rows.get(r2)).toEqual({ status: 'posted', reverses: o2, reversed_by: r3 });
    expect(rows.get(r3)).toEqual({ status: 'posted', reverses: r2, reversed_by: null });
    expect(rows.get(o3)).toEqual({ status: 'posted', reverses: null, reversed_by: null });
    expect(rows.get(r4)).toEqual({ status: 'void', reverses: o3, reversed_by: null });
    // The entries follow their transactions; every reversed pair now nets to zero: 1000 + (500 - 500) + (70 - 70 + 70).
    const mismatched = await db.query(
      `SELECT count(*)::int AS n FROM ledger.entries e JOIN ledger.transactions t ON t.id = e.transaction_id WHERE e.transaction_status <> t.status`,
    );
    expect(mismatched.rows[0].n).toBe(0);
    expect(await bankBalance(orgA)).toBe(1070);
    expect(await bankBalance(orgB)).toBe(40);

    const repairs = (
      await db.query(
        `SELECT transaction_id, org_id, to_char(date, 'YYYY-MM-DD') AS date, reversal_id, reversal_voided,
                to_char(closed_through, 'YYYY-MM-DD') AS closed_through
         FROM ledger.reversal_repairs ORDER BY date`,
      )
    ).rows;
    expect(repairs).toEqual([
      { transaction_id: o1, org_id: orgA, date: '2026-01-10', reversal_id: r1, reversal_voided: false, closed_through: '2026-01-31' },
      { transaction_id: o2, org_id: orgA, date: '2026-02-01', reversal_id: r2, reversal_voided: false, closed_through: '2026-01-31' },
      { transaction_id: r2, org_id: orgA, date: '2026-02-02', reversal_id: r3, reversal_voided: false, closed_through: '2026-01-31' },
      { transaction_id: o3, org_id: orgB, date: '2026-03-01', reversal_id: r4, reversal_voided: true, closed_through: null },
    ]);

    // The new invariants: a reversed transaction is posted; one live reversal per transaction, a void one aside.
    await expect(db.query(`UPDATE ledger.transactions SET status = 'void' WHERE id = $1`, [o1])).rejects.toThrow(/transactions_reversed_is_posted/);
    const again = await stored(orgB, '2026-03-05', 'posted', 40, true);
    await db.query(`UPDATE ledger.transactions SET reverses = $1 WHERE id = $2`, [o3, again]);
    const another = await stored(orgB, '2026-03-06', 'posted', 40, true);
    await expect(db.query(`UPDATE ledger.transactions SET reverses = $1 WHERE id = $2`, [o3, another])).rejects.toThrow(/transactions_reverses_key/);
  } finally {
    await pool?.end();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
    rmSync(before, { recursive: true, force: true });
  }
});
