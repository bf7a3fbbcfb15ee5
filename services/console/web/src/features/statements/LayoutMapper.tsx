import { useMemo, useState, type FormEvent } from 'react';
import { ErrorNote, milli, useAction } from '../../shared/ui';
import { saveLayout, type LayoutMapping, type Statement } from './calls';

/**
 * The mapping screen of a statement stalled with LAYOUT_NOT_RECOGNISED (issue 33): the file's first lines as the
 * reader saw them, a role picker per column (started from the reader's guesses), the header line, day order,
 * decimal separator and direction, the rows as they would be read and the balance chain's verdict, updated as the
 * person chooses; Save sends the mapping (POST /statements/<id>/layout), which the service checks and reads the
 * file with. The reading here is a preview in the browser (the statement readers are a Node package); the
 * service's reading on Save is the one that counts, and its refusals are shown as they come.
 */
const ROLES = [
  ['', 'Not used'],
  ['date', 'Date'],
  ['narration', 'Description'],
  ['reference', 'Reference'],
  ['value_date', 'Value date'],
  ['debit', 'Money out (debit)'],
  ['credit', 'Money in (credit)'],
  ['amount', 'Amount (one column)'],
  ['direction', 'In/out word'],
  ['balance', 'Balance'],
] as const;
type Role = (typeof ROLES)[number][0];
type Preview = NonNullable<NonNullable<Statement['parsed_data']>['preview']>;
type DateOrder = 'DMY' | 'MDY' | 'YMD';

/** A date as the order reads it (YYYY-MM-DD), or null. */
function readDate(text: string, order: DateOrder): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  let y: number, m: number, d: number;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else {
    const n = /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})\b/.exec(t);
    if (!n) return null;
    const [a, b, c] = [n[1]!, n[2]!, n[3]!];
    if (order === 'YMD') [y, m, d] = [Number(a), Number(b), Number(c)];
    else if (order === 'MDY') [m, d, y] = [Number(a), Number(b), Number(c)];
    else [d, m, y] = [Number(a), Number(b), Number(c)];
    if (order === 'YMD' ? a.length === 2 : c.length === 2) y += 2000;
    if ((order === 'YMD' ? a : c).length === 1 || (order === 'YMD' ? c.length > 2 : a.length > 2)) return null;
  }
  if (m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** An amount in milli-units (negative for a minus, parentheses or Dr), null when blank, NaN when not an amount. */
function readAmount(text: string, separator: '.' | ','): number | null {
  let t = text.trim();
  if (t === '' || t === '-') return null;
  let negative = false;
  const marker = /\s*\b(cr|dr)\.?$/i.exec(t);
  if (marker) {
    negative = marker[1]!.toLowerCase() === 'dr';
    t = t.slice(0, marker.index);
  }
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  t = t.replace(/[^\d.,+-]/g, '');
  if (/^-|-$/.test(t)) negative = !negative;
  t = t.replace(/[+-]/g, '');
  t = separator === ',' ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  if (!/^\d+(\.\d{1,3})?$/.test(t)) return Number.NaN;
  const value = Math.round(Number(t) * 1000);
  return negative ? -value : value;
}

interface Row {
  line: number;
  date: string;
  particulars: string;
  inflow: number;
  outflow: number;
  balance: number | null;
}

function chainVerdict(rows: Row[]): 'ok' | 'broken' | 'not_checked' {
  const withBalance = rows.filter((r) => r.balance !== null);
  if (withBalance.length < 2) return 'not_checked';
  const holds = (ordered: Row[]) => ordered.every((r, i) => i === 0 || ordered[i - 1]!.balance! + r.inflow - r.outflow === r.balance);
  return holds(withBalance) || holds([...withBalance].reverse()) ? 'ok' : 'broken';
}

const words = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');

export function LayoutMapper({ statement: s, onChanged }: { statement: Statement; onChanged: () => void }) {
  const preview = s.parsed_data?.preview as Preview;
  const width = preview.width;
  const [roles, setRoles] = useState<Role[]>(() => Array.from({ length: width }, (_, j) => (preview.guess.columns[j]?.role ?? '') as Role));
  const [headerRow, setHeaderRow] = useState<number | null>(preview.guess.header_row);
  const [dateOrder, setDateOrder] = useState<DateOrder>(preview.guess.date_order ?? 'DMY');
  const [decimal, setDecimal] = useState<'.' | ','>(preview.guess.decimal_separator ?? '.');
  const [amountSign, setAmountSign] = useState<'inflow_positive' | 'outflow_positive'>('inflow_positive');
  const directionColumn = roles.indexOf('direction');
  const directionValues = useMemo(() => {
    if (directionColumn === -1) return [];
    return [
      ...new Set(
        preview.lines
          .slice(headerRow === null ? 0 : headerRow + 1)
          .map((l) => l[directionColumn] ?? '')
          .filter((v) => v !== ''),
      ),
    ];
  }, [directionColumn, headerRow, preview.lines]);
  const [inflowWords, setInflowWords] = useState('');
  const [outflowWords, setOutflowWords] = useState('');
  const { busy, error, run } = useAction();

  const first = (role: Role) => (roles.indexOf(role) === -1 ? null : roles.indexOf(role));
  const columns = {
    date: first('date') ?? -1,
    narration: roles.flatMap((r, j) => (r === 'narration' ? [j] : [])),
    reference: first('reference'),
    value_date: first('value_date'),
    debit: first('debit'),
    credit: first('credit'),
    amount: first('amount'),
    balance: first('balance'),
  };
  const mapping: LayoutMapping = {
    header_row: headerRow,
    columns: { ...columns, narration: columns.narration.length === 1 ? columns.narration[0]! : columns.narration },
    date_order: dateOrder,
    decimal_separator: decimal,
    ...(columns.amount !== null && directionColumn === -1 ? { amount_sign: amountSign } : {}),
    ...(directionColumn !== -1 ? { direction: { column: directionColumn, inflow: words(inflowWords), outflow: words(outflowWords) } } : {}),
  };

  const rows = useMemo(() => {
    const out: Row[] = [];
    if (columns.date < 0) return out;
    const inflowSet = new Set(words(inflowWords).map((w) => w.toLowerCase()));
    const outflowSet = new Set(words(outflowWords).map((w) => w.toLowerCase()));
    preview.lines.forEach((cells, line) => {
      if (headerRow !== null && line <= headerRow) return;
      const date =
        readDate(cells[columns.date] ?? '', dateOrder) ?? (columns.value_date !== null ? readDate(cells[columns.value_date] ?? '', dateOrder) : null);
      if (!date) return;
      let inflow = 0;
      let outflow = 0;
      let any = false;
      const amount = columns.amount === null ? null : readAmount(cells[columns.amount] ?? '', decimal);
      if (amount !== null && !Number.isNaN(amount)) {
        any = true;
        let inward = amount >= 0 === (amountSign === 'inflow_positive');
        if (directionColumn !== -1) {
          const word = (cells[directionColumn] ?? '').trim().toLowerCase();
          if (!inflowSet.has(word) && !outflowSet.has(word)) return;
          inward = inflowSet.has(word);
        }
        if (inward) inflow = Math.abs(amount);
        else outflow = Math.abs(amount);
      }
      for (const [index, side] of [
        [columns.debit, 'out'],
        [columns.credit, 'in'],
      ] as const) {
        const v = index === null ? null : readAmount(cells[index] ?? '', decimal);
        if (v === null || Number.isNaN(v)) continue;
        any = true;
        if (side === 'out') outflow += Math.abs(v);
        else inflow += Math.abs(v);
      }
      if (!any) return;
      const balance = columns.balance === null ? null : readAmount(cells[columns.balance] ?? '', decimal);
      const particulars = [...columns.narration, ...(columns.reference !== null ? [columns.reference] : [])]
        .map((j) => cells[j] ?? '')
        .filter((t) => t !== '')
        .join(' ');
      out.push({ line, date, particulars, inflow, outflow, balance: balance === null || Number.isNaN(balance) ? null : balance });
    });
    return out;
  }, [roles, headerRow, dateOrder, decimal, amountSign, directionColumn, inflowWords, outflowWords, preview.lines]);
  const verdict = chainVerdict(rows);
  const currency = s.parsed_data?.metadata.currency ?? null;

  const setRole = (j: number, role: Role) => setRoles((current) => current.map((r, k) => (k === j ? role : r)));
  const save = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await saveLayout(s.id, mapping);
      onChanged();
    });
  };
  const label = (j: number) => `Column ${j + 1}`;
  const guessOf = (j: number) => preview.guess.columns[j];

  return (
    <form className="layout-mapper" aria-label={`Map the columns of ${s.file_name}`} onSubmit={save}>
      {preview.undecided.length > 0 && (
        <ul className="small">
          {preview.undecided.map((u, i) => (
            <li key={i}>{u.reason}</li>
          ))}
        </ul>
      )}
      <div className="row wrap">
        <label>
          Header line{' '}
          <select value={headerRow ?? ''} onChange={(e) => setHeaderRow(e.target.value === '' ? null : Number(e.target.value))}>
            <option value="">No header</option>
            {preview.lines.map((_, i) => (
              <option key={i} value={i}>
                Line {i + 1}
              </option>
            ))}
          </select>
        </label>
        <label>
          Dates are{' '}
          <select value={dateOrder} onChange={(e) => setDateOrder(e.target.value as DateOrder)}>
            <option value="DMY">day/month/year</option>
            <option value="MDY">month/day/year</option>
            <option value="YMD">year/month/day</option>
          </select>
        </label>
        <label>
          Decimal separator{' '}
          <select value={decimal} onChange={(e) => setDecimal(e.target.value as '.' | ',')}>
            <option value=".">point (1,234.56)</option>
            <option value=",">comma (1.234,56)</option>
          </select>
        </label>
        {first('amount') !== null && directionColumn === -1 && (
          <label>
            A positive amount is{' '}
            <select value={amountSign} onChange={(e) => setAmountSign(e.target.value as typeof amountSign)}>
              <option value="inflow_positive">money in</option>
              <option value="outflow_positive">money out</option>
            </select>
          </label>
        )}
      </div>
      {directionColumn !== -1 && (
        <div className="row wrap">
          <p className="small">
            Words in {label(directionColumn)}: {directionValues.join(', ') || 'none'}
          </p>
          <label>
            Words for money in <input value={inflowWords} onChange={(e) => setInflowWords(e.target.value)} placeholder="CR, PANO" />
          </label>
          <label>
            Words for money out <input value={outflowWords} onChange={(e) => setOutflowWords(e.target.value)} placeholder="DR, OTTO" />
          </label>
        </div>
      )}
      <table className="columns-grid" aria-label={`First lines of ${s.file_name}`}>
        <thead>
          <tr>
            <th scope="col">Line</th>
            {Array.from({ length: width }, (_, j) => (
              <th scope="col" key={j}>
                <label htmlFor={`role-${s.id}-${j}`}>{label(j)} is</label>
                <br />
                <select id={`role-${s.id}-${j}`} value={roles[j] ?? ''} onChange={(e) => setRole(j, e.target.value as Role)}>
                  {ROLES.map(([value, name]) => (
                    <option key={value} value={value}>
                      {name}
                    </option>
                  ))}
                </select>
                {guessOf(j)?.role && <span className="small muted"> guessed {Math.round((guessOf(j)!.confidence ?? 0) * 100)}%</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.lines.map((cells, i) => (
            <tr key={i} className={i === headerRow ? 'header-line' : undefined}>
              <th scope="row">{i + 1}</th>
              {Array.from({ length: width }, (_, j) => (
                <td key={j}>{cells[j] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p role="status" aria-label="Balance check">
        {rows.length} row{rows.length === 1 ? '' : 's'} read from the first {preview.lines.length} lines;{' '}
        {verdict === 'ok'
          ? 'the running balances add up.'
          : verdict === 'broken'
            ? 'the running balances do not add up: check money in and out.'
            : 'no running balance to check.'}
      </p>
      <table aria-label={`Rows of ${s.file_name} as they would be read`}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col" className="num">
              Money in
            </th>
            <th scope="col" className="num">
              Money out
            </th>
            <th scope="col" className="num">
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 12).map((r) => (
            <tr key={r.line}>
              <td>{r.date}</td>
              <td>{r.particulars}</td>
              <td className="num">{r.inflow ? milli(r.inflow, currency) : ''}</td>
              <td className="num">{r.outflow ? milli(r.outflow, currency) : ''}</td>
              <td className="num">{milli(r.balance, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row">
        <button type="submit" disabled={busy}>
          Save layout
        </button>
        <span className="small muted">Saved for your organization: the next file of this layout is read without asking.</span>
      </div>
      <ErrorNote error={error} />
    </form>
  );
}
