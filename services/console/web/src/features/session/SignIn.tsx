import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/http';
import { ErrorNote, useAction } from '../../shared/ui';
import { signIn, type Session } from './calls';

export function SignIn({ notice, onSignedIn }: { notice?: string; onSignedIn: (s: Session) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Two-factor sign-in: once the console asks for a code (TOTP_REQUIRED), the form sends the password with it.
  const [askCode, setAskCode] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const { busy, error, run, setError } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const second = askCode ? (useRecovery ? { recovery_code: code.trim() } : { totp_code: code.replace(/\s/g, '') }) : {};
    void run(async () => {
      try {
        onSignedIn(await signIn({ email, password, ...second }));
      } catch (err) {
        if (err instanceof ApiError && err.code === 'TOTP_REQUIRED') {
          setAskCode(true);
          return;
        }
        throw err;
      }
    });
  };
  return (
    <main className="auth">
      <form className="card" onSubmit={submit} aria-labelledby="signin-title">
        <h1 id="signin-title">Sign in to the console</h1>
        {notice && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        <label htmlFor="email">Email</label>
        <input id="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus={!askCode} />
        <label htmlFor="password">Password</label>
        <input id="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {askCode && (
          <>
            <label htmlFor="signin-code">{useRecovery ? 'Recovery code' : 'Authentication code'}</label>
            <input
              id="signin-code"
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoFocus
            />
            <button
              type="button"
              className="link"
              onClick={() => {
                setUseRecovery(!useRecovery);
                setCode('');
                setError(undefined);
              }}
            >
              {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
            </button>
          </>
        )}
        <ErrorNote error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="muted small">
          New here? An admin of your organization gives you a one-time password (<code>pnpm admin users create</code>, or the Members page).
        </p>
      </form>
    </main>
  );
}
