import { loadConfig, poolSizeOf } from '../src/config';

describe('pool size per process (connection budget)', () => {
  test('<PROCESS>_DB_POOL_SIZE wins over DB_POOL_SIZE, which wins over 10', () => {
    expect(poolSizeOf('ledger', {})).toBe(10);
    expect(poolSizeOf('ledger', { DB_POOL_SIZE: '6' })).toBe(6);
    expect(poolSizeOf('ledger', { DB_POOL_SIZE: '6', LEDGER_DB_POOL_SIZE: '12' })).toBe(12);
    expect(poolSizeOf('statement_worker', { STATEMENT_DB_POOL_SIZE: '3', STATEMENT_WORKER_DB_POOL_SIZE: '4' })).toBe(4);
    expect(poolSizeOf('statement-worker', { STATEMENT_WORKER_DB_POOL_SIZE: '4' })).toBe(4);
    expect(loadConfig('snapshot', 4001, { SNAPSHOT_DB_POOL_SIZE: '7', DB_POOL_SIZE: '2' }).dbPoolSize).toBe(7);
  });

  test.each(['0', '-1', '2.5', 'many'])('%s is refused, naming the variable', (bad) => {
    expect(() => poolSizeOf('ledger', { LEDGER_DB_POOL_SIZE: bad })).toThrow(`invalid LEDGER_DB_POOL_SIZE ${bad}`);
    expect(() => poolSizeOf('ledger', { DB_POOL_SIZE: bad })).toThrow(`invalid DB_POOL_SIZE ${bad}`);
  });

  test('IDEMPOTENCY_LEASE_MS: default 10 s, settable', () => {
    expect(loadConfig('ledger', 4002, {}).idempotencyLeaseMs).toBe(10_000);
    expect(loadConfig('ledger', 4002, { IDEMPOTENCY_LEASE_MS: '2000' }).idempotencyLeaseMs).toBe(2_000);
    expect(() => loadConfig('ledger', 4002, { IDEMPOTENCY_LEASE_MS: 'soon' })).toThrow('IDEMPOTENCY_LEASE_MS');
  });
});
