import type { StatementSchemas } from '@finance/client';
import { useCanWrite } from '../../shared/role';
import { useState } from 'react';
import { ErrorNote, useAction } from '../../shared/ui';
import { editTransaction } from './calls';

type Txn = StatementSchemas['Transaction'];

/**
 * A row's category or entity, edited in place: Enter or leaving the field saves, Escape puts back what is stored.
 * `onSaved` gets the row as stored (now set by hand).
 */
export function InlineEdit({ txn, field, onSaved }: { txn: Txn; field: 'category' | 'entity'; onSaved?: (row: Txn) => void }) {
  const [saved, setSaved] = useState(txn[field] ?? '');
  const [value, setValue] = useState(saved);
  const [done, setDone] = useState(false);
  const { busy, error, run, setError } = useAction();
  const canWrite = useCanWrite();
  const save = () => {
    if (value === saved) return;
    setDone(false);
    void run(async () => {
      const row = await editTransaction(txn.id, { [field]: value });
      const next = row[field] ?? '';
      onSaved?.(row);
      setSaved(next);
      setValue(next);
      setDone(true);
    });
  };
  const label = `${field} of ${txn.particulars} on ${txn.date}`;
  // A viewer reads the value; there is no cell to edit.
  if (!canWrite) return <span>{saved || '—'}</span>;
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <input
        className={`inline-edit${value !== saved ? ' dirty' : ''}`}
        aria-label={label}
        list={field === 'category' ? 'category-options' : undefined}
        value={value}
        disabled={busy}
        onChange={(e) => {
          setValue(e.target.value);
          setDone(false);
        }}
        onKeyDown={(e) => {
          // Escape puts back what is stored; leaving the field then saves nothing.
          if (e.key !== 'Escape') return;
          e.preventDefault();
          setValue(saved);
          setError(undefined);
        }}
        onBlur={save}
      />
      <span className="saved" role="status">
        {busy ? 'Saving…' : done && value === saved ? 'Saved' : ''}
      </span>
      <ErrorNote error={error} />
    </form>
  );
}
