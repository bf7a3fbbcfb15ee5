import { randomInt } from 'node:crypto';
import { execute, queryOne, raw, sql, withTransaction } from '@finance/platform';
import { v7 as uuidv7 } from 'uuid';
import type { StatementClient } from './data-access/db';

/**
 * Realistic statement data for trying the API and for the benchmark, written straight into the service's tables
 * (besides statement upload) in raw SQL through the statement client. Rows are generated inside Postgres by one
 * INSERT ... SELECT over generate_series, so a million rows load in seconds rather than in a million round trips.
 *
 * Each account gets an even share of the rows spread over `years` of daily dates ending today, particulars in the
 * shapes Indian bank and card statements use (UPI/..., NEFT/..., IMPS/..., ATM WDL, salary credits, POS ...), and
 * a running balance from its opening balance. Roughly a third of the rows are uncategorised (`unknown`).
 */
export interface SeedOptions {
  orgId: string;
  rows: number;
  accounts: number;
  years: number;
}

export interface SeedResult {
  accounts: { id: string; name: string; category: 'bank' | 'credit_card'; acc_no: string }[];
  rows: number;
  date_from: string;
  date_to: string;
  elapsed_ms: number;
}

const BANKS = ['HDFC Bank', 'ICICI Bank', 'State Bank of India', 'Axis Bank', 'Kotak Mahindra Bank', 'Yes Bank', 'IndusInd Bank', 'Bank of Baroda'];
const CARDS = ['HDFC Regalia Credit Card', 'ICICI Amazon Pay Credit Card', 'SBI SimplyCLICK Card', 'Axis Flipkart Credit Card'];

/**
 * Statement line templates: kind of account, direction, type, category, entity, particulars pattern, amount range
 * in currency units, and weight. {ref} is a reference number unique to the row (as a bank's is), {name} a
 * counterparty, {city} an ATM city, {mon} the row's month.
 */
const TEMPLATES: [
  kind: 'bank' | 'card',
  dir: 'in' | 'out',
  type: string,
  category: string | null,
  entity: string | null,
  pattern: string,
  min: number,
  max: number,
  weight: number,
][] = [
  ['bank', 'out', 'expense', 'Food & Dining', 'Swiggy', 'UPI/{ref}/SWIGGY/swiggy@icici/Payment from Phone', 150, 1200, 10],
  ['bank', 'out', 'expense', 'Food & Dining', 'Zomato', 'UPI/{ref}/ZOMATO LTD/zomato@hdfcbank/Order', 150, 1500, 6],
  ['bank', 'out', 'expense', 'Groceries', 'BigBasket', 'UPI/{ref}/BIGBASKET/bigbasket@axisbank/Groceries', 300, 4000, 5],
  ['bank', 'out', 'expense', 'Travel', 'Uber', 'UPI/{ref}/UBER INDIA/uber@axl/Ride', 80, 900, 3],
  ['bank', 'out', 'unknown', null, null, 'UPI/{ref}/{name}/{upi}@okaxis/UPI', 50, 5000, 14],
  ['bank', 'in', 'unknown', null, null, 'UPI/{ref}/{name}/{upi}@ybl/Received', 100, 10000, 6],
  ['bank', 'in', 'income', 'Salary', 'Acme Technologies', 'NEFT/N{ref}/ACME TECHNOLOGIES PVT LTD/SALARY', 60000, 150000, 3],
  ['bank', 'in', 'income', 'Salary', 'Acme Technologies', 'SALARY CREDIT FOR {mon} ACME TECHNOLOGIES REF {ref}', 60000, 150000, 1],
  ['bank', 'in', 'income', 'Consulting', 'Globex Corporation', 'NEFT/N{ref}/GLOBEX CORPORATION/INV PAYMENT', 20000, 200000, 5],
  ['bank', 'in', 'unknown', null, null, 'NEFT/N{ref}/{name}/NEFT TRANSFER', 1000, 50000, 5],
  ['bank', 'out', 'expense', 'Rent', 'Landlord', 'IMPS/P2A/{ref}/{name}/Rent', 15000, 40000, 2],
  ['bank', 'out', 'unknown', null, null, 'IMPS/P2A/{ref}/{name}/IMPS', 500, 25000, 5],
  ['bank', 'out', 'transfer', 'Cash', null, 'ATM WDL/{city}/{ref}', 500, 10000, 6],
  ['bank', 'out', 'expense', 'Shopping', 'Amazon', 'POS {ref} AMAZON RETAIL INDIA', 200, 8000, 7],
  ['bank', 'out', 'expense', 'Fuel', 'HPCL', 'POS {ref} HPCL FUEL STATION', 500, 3000, 4],
  ['bank', 'out', 'liability', 'Loan EMI', 'HDFC Ltd', 'ACH D- HDFC LTD HOME LOAN EMI {ref}', 25000, 45000, 2],
  ['bank', 'out', 'expense', 'Utilities', 'BESCOM', 'BBPS/{ref}/BESCOM ELECTRICITY BILL', 800, 4000, 3],
  ['bank', 'in', 'income', 'Interest', 'Bank', 'INT.PD:{ref}:SAVINGS INTEREST', 100, 3000, 2],
  ['bank', 'out', 'transfer', 'Credit Card Payment', null, 'BIL/ONL/{ref}/CREDIT CARD PAYMENT', 5000, 60000, 4],
  ['bank', 'out', 'expense', 'Taxes', 'GSTN', 'GST/CPIN {ref}/GST PAYMENT', 5000, 50000, 2],
  ['bank', 'out', 'asset', 'Investments', 'Zerodha', 'ACH D- ZERODHA BROKING SIP {ref}', 5000, 25000, 3],
  ['bank', 'in', 'unknown', null, null, 'CHQ DEP/{ref}/CLG/{city}', 2000, 80000, 2],
  ['card', 'out', 'expense', 'Shopping', 'Amazon', 'POS {ref} AMAZON PAY INDIA', 200, 12000, 15],
  ['card', 'out', 'expense', 'Food & Dining', 'Swiggy', 'POS {ref} SWIGGY BANGALORE', 150, 1500, 10],
  ['card', 'out', 'expense', 'Travel', 'MakeMyTrip', 'POS {ref} MAKEMYTRIP INDIA PVT', 2000, 30000, 5],
  ['card', 'out', 'unknown', null, null, 'POS {ref} {name} STORES {city}', 100, 6000, 20],
  ['card', 'in', 'transfer', 'Credit Card Payment', null, 'PAYMENT RECEIVED - THANK YOU {ref}', 5000, 60000, 8],
  ['card', 'out', 'expense', 'Bank Charges', 'Card Issuer', 'IGST ON FEES {ref}', 10, 500, 3],
  ['card', 'out', 'expense', 'Fuel', 'Indian Oil', 'POS {ref} INDIAN OIL FUEL', 500, 3000, 8],
  ['card', 'out', 'expense', 'Subscriptions', 'Netflix', 'NETFLIX.COM MUMBAI {ref}', 199, 649, 4],
  ['card', 'out', 'liability', 'Loan EMI', 'Card Issuer', 'EMI CONVERSION {ref} PRINCIPAL', 2000, 15000, 3],
  ['card', 'in', 'unknown', null, null, 'REFUND {ref} {name} STORES', 100, 5000, 4],
];

const NAMES = [
  'RAHUL SHARMA',
  'PRIYA NAIR',
  'AMIT KUMAR',
  'SNEHA IYER',
  'VIKRAM SINGH',
  'ANJALI GUPTA',
  'ARJUN REDDY',
  'KAVYA MENON',
  'ROHAN DAS',
  'MEERA JOSHI',
];
const CITIES = ['MUMBAI', 'BANGALORE', 'DELHI', 'CHENNAI', 'PUNE', 'HYDERABAD', 'KOLKATA', 'AHMEDABAD'];

const sqlText = (s: string | null) => (s === null ? 'NULL' : `'${s.replace(/'/g, "''")}'`);
const sqlArray = (items: string[]) => `ARRAY[${items.map(sqlText).join(', ')}]`;

const randomHex = (n: number) => Array.from({ length: n }, () => randomInt(0, 16).toString(16)).join('');

/** Row numbers are the last 24 bits of each id. */
export const MAX_SEED_ROWS = 16_000_000;

function digits(n: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < n) out += String(randomInt(0, 10));
  return out;
}

/** Creates the accounts (bank first, about a third credit cards) and inserts the rows. */
export async function seedStatementData(db: StatementClient, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const days = Math.max(1, Math.round(options.years * 365));
  const cards = Math.floor(options.accounts / 3);
  const accounts = Array.from({ length: options.accounts }, (_, k) => {
    const category: 'bank' | 'credit_card' = k >= options.accounts - cards ? 'credit_card' : 'bank';
    const names = category === 'bank' ? BANKS : CARDS;
    const index = category === 'bank' ? k : k - (options.accounts - cards);
    const base = names[index % names.length] as string;
    const round = Math.floor(index / names.length);
    return {
      id: uuidv7(),
      name: round === 0 ? base : `${base} ${round + 1}`,
      category,
      acc_no: category === 'bank' ? digits(14) : `${digits(4)} ${digits(4)} ${digits(4)} ${digits(4)}`,
      // Banks open with money in them; cards open at zero and run negative (what is owed).
      opening_milli: category === 'bank' ? 250_000_000 : 0,
    };
  });

  const perAccount = Math.ceil(options.rows / options.accounts);
  const templates = raw(
    TEMPLATES.map(
      ([kind, dir, type, category, entity, pattern, min, max, weight], idx) =>
        `(${idx + 1}, '${kind}', '${dir}', ${sqlText(type)}, ${sqlText(category)}, ${sqlText(entity)}, ${sqlText(pattern)}, ${min}, ${max}, ${weight})`,
    ).join(',\n'),
  );
  const names = raw(sqlArray(NAMES));
  const cities = raw(sqlArray(CITIES));
  // 3 hex (rand_a), the variant nibble (8..b) and 9 hex of randomness for this run.
  const runBits = `${randomHex(3)}${(8 + randomInt(0, 4)).toString(16)}${randomHex(9)}`;
  const { start, inserted } = await withTransaction(
    db,
    async (tx) => {
      // The window function that computes running balances sorts every row; give it memory instead of temp files.
      await execute(tx, sql`SET LOCAL work_mem = '256MB'`);
      const first = (await queryOne<{ d: string }>(tx, sql`SELECT (CURRENT_DATE - ${days}::int + 1)::text AS d`))?.d as string;
      await execute(
        tx,
        sql`INSERT INTO statement.accounts (id, org_id, name, category, acc_no, currency, opening_balance, opening_balance_date, description)
          SELECT a.id, ${options.orgId}::uuid, a.name, a.category, a.acc_no, 'INR', a.opening, ${first}::date, 'seeded'
          FROM unnest(${accounts.map((a) => a.id)}::uuid[], ${accounts.map((a) => a.name)}::text[], ${accounts.map((a) => a.category)}::text[],
                      ${accounts.map((a) => a.acc_no)}::text[], ${accounts.map((a) => String(a.opening_milli))}::bigint[])
            AS a(id, name, category, acc_no, opening)`,
      );
      const rows = await execute(
        tx,
        sql`WITH tpl(idx, kind, dir, type, category, entity, pattern, min_amt, max_amt, weight) AS (VALUES ${templates}),
       slots AS (SELECT kind, array_agg(idx ORDER BY idx) AS arr FROM tpl, generate_series(1, weight) GROUP BY kind),
       acc AS (SELECT * FROM unnest(${accounts.map((a) => a.id)}::uuid[], ${accounts.map((a) => (a.category === 'bank' ? 'bank' : 'card'))}::text[],
                                    ${accounts.map((a) => String(a.opening_milli))}::bigint[]) WITH ORDINALITY AS a(id, kind, opening, k)),
       base AS (
         SELECT g.i, acc.id AS account_id, acc.opening,
                -- Spread the account's rows evenly from the first day to the last (today).
                ${first}::date + ((g.i / ${options.accounts}::int)::bigint * (${days}::int - 1) / greatest(${perAccount}::int - 1, 1))::int AS date,
                s.arr[1 + floor(random() * array_length(s.arr, 1))::int] AS tidx,
                random() AS r_amount, random() AS r_name, random() AS r_city
         FROM generate_series(0, ${options.rows}::int - 1) AS g(i)
         JOIN acc ON acc.k = (g.i % ${options.accounts}::int) + 1
         JOIN slots s ON s.kind = acc.kind
       ),
       rows AS (
         SELECT b.i, b.account_id, b.opening, b.date, t.type, t.category, t.entity,
                replace(replace(replace(replace(replace(t.pattern,
                  '{ref}', lpad((400000000000 + b.i)::text, 12, '0')),
                  '{name}', (${names})[1 + floor(b.r_name * ${raw(String(NAMES.length))})::int]),
                  '{upi}', lower(split_part((${names})[1 + floor(b.r_name * ${raw(String(NAMES.length))})::int], ' ', 1))),
                  '{city}', (${cities})[1 + floor(b.r_city * ${raw(String(CITIES.length))})::int]),
                  '{mon}', upper(to_char(b.date, 'Mon YYYY'))) AS particulars,
                -- Whole paise, in milli-units.
                ((t.min_amt * 100 + floor(b.r_amount * (t.max_amt - t.min_amt) * 100))::bigint * 10) AS amount,
                t.dir
         FROM base b JOIN tpl t ON t.idx = b.tidx
       )
       INSERT INTO statement.transactions
         (id, org_id, account_id, date, particulars, inflow, outflow, balance, entity, category, type, category_source, created_at, updated_at)
       SELECT
         -- UUIDv7: 48-bit ms timestamp, version 7, 12 random bits, variant, 36 random bits of this run, then
         -- the row number, so ids ascend in row order like real inserts and two runs never collide.
         (lpad(to_hex(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '7' || ${runBits}::text
            || lpad(to_hex(r.i), 6, '0'))::uuid,
         ${options.orgId}::uuid, r.account_id, r.date, r.particulars,
         CASE WHEN r.dir = 'in' THEN r.amount ELSE 0 END,
         CASE WHEN r.dir = 'out' THEN r.amount ELSE 0 END,
         r.opening + sum(CASE WHEN r.dir = 'in' THEN r.amount ELSE -r.amount END) OVER (PARTITION BY r.account_id ORDER BY r.date, r.i),
         r.entity, r.category, r.type,
         -- The seed's categorisation came with the data (issue 30): rules may change it, as they may not a person's.
         CASE WHEN r.category IS NOT NULL OR r.entity IS NOT NULL OR r.type <> 'unknown' THEN 'import' END, now(), now()
       FROM rows r
       -- Stored in row order, which is date order, as rows accumulate in a live system (a date window then touches
       -- few pages); Postgres evaluates the volatile id expression after this sort, so ids ascend too.
       ORDER BY r.i`,
      );
      return { start: first, inserted: rows };
    },
    // Millions of rows may take minutes; the default limit of a transaction is for requests.
    { timeout: 30 * 60_000 },
  );
  // Fresh statistics for the planner, and a visibility map so sums can be index-only scans (outside the transaction).
  await execute(db, sql`VACUUM (ANALYZE) statement.transactions`);
  await execute(db, sql`ANALYZE statement.accounts`);
  const end = (await queryOne<{ d: string }>(db, sql`SELECT CURRENT_DATE::text AS d`))?.d as string;
  return {
    accounts: accounts.map(({ id, name, category, acc_no }) => ({ id, name, category, acc_no })),
    rows: inserted,
    date_from: start,
    date_to: end,
    elapsed_ms: Math.round(performance.now() - started),
  };
}

/** Removes an organization's statement data (rows, rules, statements, accounts), for a fresh seed. */
export async function clearStatementData(db: StatementClient, orgId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    for (const table of ['transactions', 'rules', 'statements', 'account_day_totals', 'accounts']) {
      await execute(tx, sql`DELETE FROM ${raw(`statement.${table}`)} WHERE org_id = ${orgId}::uuid`);
    }
  });
}
