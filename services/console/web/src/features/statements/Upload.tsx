import type { StatementSchemas } from '@finance/client';
import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { ErrorNote, useAction } from '../../shared/ui';
import { uploadStatement } from './calls';

export function Upload({ accounts, onUploaded }: { accounts: StatementSchemas['Account'][]; onUploaded: () => void }) {
  const [file, setFile] = useState<File | undefined>(undefined);
  const [accountId, setAccountId] = useState('');
  const [password, setPassword] = useState('');
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { busy, error, run } = useAction();
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    void run(async () => {
      await uploadStatement({ file, account_id: accountId || undefined, password: password || undefined });
      setFile(undefined);
      setPassword('');
      if (input.current) input.current.value = '';
      onUploaded();
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="upload-title">
      <h2 id="upload-title">Upload a statement</h2>
      <div
        className={`dropzone${over ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="dropzone"
      >
        <p>{file ? <strong>{file.name}</strong> : 'Drop a statement file here, or choose one:'}</p>
        <label htmlFor="statement-file">Statement file</label>
        <input
          id="statement-file"
          ref={input}
          type="file"
          accept=".pdf,.csv,.xls,.xlsx,.ofx,.qfx,.qif,.xml,.sta,.mt940,.txt"
          onChange={(e) => setFile(e.target.files?.[0])}
        />
      </div>
      <label htmlFor="statement-account">Account (optional: detected from the file when left empty)</label>
      <select id="statement-account" value={accountId} onChange={(e) => setAccountId(e.target.value)}>
        <option value="">Detect from the file</option>
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} {a.acc_no ? `(${a.acc_no})` : ''}
          </option>
        ))}
      </select>
      <label htmlFor="statement-password">File password (optional)</label>
      <input id="statement-password" type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} />
      <ErrorNote error={error} />
      <button type="submit" disabled={busy || !file}>
        {busy ? 'Uploading…' : 'Upload'}
      </button>
    </form>
  );
}
