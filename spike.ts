import { Pool } from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, Prisma } from './services/ledger/src/generated/prisma/client';
async function main() {
  const pool = new Pool({ connectionString: 'postgresql://postgres@127.0.0.1:5432/finance_bench', max: 4 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const rows = await prisma.$queryRaw<any[]>(Prisma.sql`SELECT id, date, total_debit, created_at, details, entry_count, 1.5::numeric AS n, count(*) OVER () AS c FROM ledger.transactions LIMIT 1`);
  console.log(rows[0], typeof rows[0].total_debit, typeof rows[0].c);
  const t = await prisma.transaction.findFirst({ select: { id: true, date: true, totalDebit: true, createdAt: true } });
  console.log(t);
  try { await prisma.$executeRaw`INSERT INTO ledger.accounts (id, org_id, name, type, source, source_ref) SELECT id, org_id, name, type, source, source_ref FROM ledger.accounts LIMIT 1`; } catch (e: any) { console.log('ERR', e.constructor.name, e.code, e.meta, JSON.stringify(e.cause ?? null)?.slice(0,300), Object.keys(e)); }
  try { await prisma.$transaction(async (tx) => { await tx.$executeRaw`SELECT 1/0`; }); } catch (e: any) { console.log('ERR2', e.constructor.name, e.code, JSON.stringify(e.meta)?.slice(0,300)); }
  const t0 = performance.now(); for (let i = 0; i < 2000; i++) await prisma.$queryRaw`SELECT 1`; console.log('queryRaw', (performance.now() - t0) / 2000, 'ms');
  const t1 = performance.now(); for (let i = 0; i < 2000; i++) await pool.query('SELECT 1'); console.log('pg', (performance.now() - t1) / 2000, 'ms');
  const t2 = performance.now(); for (let i = 0; i < 1000; i++) await prisma.$transaction(async (tx) => { await tx.$queryRaw`SELECT 1`; }); console.log('tx', (performance.now() - t2) / 1000, 'ms');
  const t3 = performance.now(); for (let i = 0; i < 1000; i++) await prisma.transaction.findFirst({ where: { id: '00000000-0000-0000-0000-000000000000' } }); console.log('findFirst', (performance.now() - t3) / 1000, 'ms');
  await prisma.$disconnect(); await pool.end();
}
main();
