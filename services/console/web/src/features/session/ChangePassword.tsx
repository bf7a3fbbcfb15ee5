import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/http';
import { ErrorNote, useAction } from '../../shared/ui';
import { changePassword, signOut, type Session } from './calls';

export function ChangePassword({ session, onChanged, onSignOut }: { session: Session; onChanged: (s: Session) => void; onSignOut: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const { busy, error, run, setError } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (next !== repeat) {
      setError(new Error('the two new passwords differ'));
      return;
    }
    void run(async () => onChanged(await changePassword(current, next)));
  };
  return (
    <main className="auth">
      <form className="card" onSubmit={submit} aria-labelledby="pw-title">
        <h1 id="pw-title">Choose your password</h1>
        <p className="muted">
          Signed in as {session.member.email} ({session.org.name}). Your one-time password must be replaced before you continue: at least 12 characters, and
          hard to guess (a passphrase of a few uncommon words is best; common passwords are refused, and so are ones built on your email, your name or your
          organization's name, whatever years, numbers or separators are added).
        </p>
        <label htmlFor="current-password">One-time password</label>
        <input
          id="current-password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          autoFocus
        />
        <label htmlFor="new-password">New password</label>
        <input id="new-password" type="password" autoComplete="new-password" required minLength={12} value={next} onChange={(e) => setNext(e.target.value)} />
        <label htmlFor="repeat-password">New password again</label>
        <input
          id="repeat-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
        <ErrorNote error={inWords(error)} />
        <button type="submit" disabled={busy}>
          Set password
        </button>
        <button type="button" className="link" onClick={() => void signOut().finally(onSignOut)}>
          Sign out
        </button>
      </form>
    </main>
  );
}

/** The service names the field (`new_password: too easy to guess...`); the person reads which password, in words. */
function inWords(error: Error | undefined): Error | undefined {
  if (!(error instanceof ApiError) || error.details?.length !== 1) return error;
  const [detail] = error.details;
  const field = { new_password: 'The new password', current_password: 'The one-time password' }[detail!.path];
  return field ? new Error(`${field} is refused: ${detail!.message}.`) : error;
}
