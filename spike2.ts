import { Pool } from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, Prisma } from './services/ledger/src/generated/prisma/client';
async function main() {
  const pool = new Pool({ connectionString: 'postgresql://postgres@127.0.0.1:5432/finance_bench', max: 4 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  for (let round = 0; round < 2; round++) {
  const t0 = performance.now(); for (let i = 0; i < 5000; i++) await prisma.$queryRaw`SELECT 1`; console.log('queryRaw', ((performance.now() - t0) / 5000).toFixed(3), 'ms');
  const t1 = performance.now(); for (let i = 0; i < 5000; i++) await pool.query('SELECT 1'); console.log('pg', ((performance.now() - t1) / 5000).toFixed(3), 'ms');
  const t1b = performance.now(); for (let i = 0; i < 5000; i++) await pool.query('SELECT $1::int', [1]); console.log('pg extended', ((performance.now() - t1b) / 5000).toFixed(3), 'ms');
  const t2 = performance.now(); for (let i = 0; i < 2000; i++) await prisma.$transaction(async (tx) => { await tx.$queryRaw`SELECT 1`; }); console.log('tx', ((performance.now() - t2) / 2000).toFixed(3), 'ms');
  const t2b = performance.now(); for (let i = 0; i < 2000; i++) { const c = await pool.connect(); await c.query('BEGIN'); await c.query('SELECT 1'); await c.query('COMMIT'); c.release(); } console.log('pg tx', ((performance.now() - t2b) / 2000).toFixed(3), 'ms');
  const t3 = performance.now(); for (let i = 0; i < 2000; i++) await prisma.transaction.findFirst({ where: { id: '00000000-0000-0000-0000-000000000000' } }); console.log('findFirst', ((performance.now() - t3) / 2000).toFixed(3), 'ms');
  }
  await prisma.$disconnect(); await pool.end();
}
main();
