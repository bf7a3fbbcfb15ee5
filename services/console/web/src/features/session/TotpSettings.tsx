import { useState, type FormEvent } from 'react';
import type { ConsoleSchemas } from '@finance/client';
import { CopyButton, ErrorNote, Loading, useAction, useLoad } from '../../shared/ui';
import { beginTotp, confirmTotp, loadTotp, turnOffTotp, type Session } from './calls';

/**
 * Two-factor sign-in (TOTP) for the signed-in member: set it up (the secret to type or paste into an authenticator
 * app, confirmed with a code; ten recovery codes shown once), see how many recovery codes are left, turn it off
 * where the organization does not require it. `gate`: shown instead of the console until an admin of an
 * organization that requires it has set it up.
 */
export function TotpSettings({ onChanged, gate }: { onChanged: (s: Session) => void; gate?: boolean }) {
  const status = useLoad(loadTotp, []);
  const [pending, setPending] = useState<ConsoleSchemas['TotpEnrolment'] | undefined>(undefined);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<{ list: string[]; session: Session } | undefined>(undefined);
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();

  const begin = () => void run(async () => setPending(await beginTotp()));
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const { recovery_codes, ...session } = await confirmTotp(code.trim());
      setCodes({ list: recovery_codes, session });
      setPending(undefined);
      setCode('');
    });
  };
  const turnOff = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await turnOffTotp(password);
      setPassword('');
      await status.reload();
    });
  };

  return (
    <section aria-labelledby="totp-title" className={gate ? 'card' : undefined}>
      <h1 id="totp-title">Two-factor sign-in</h1>
      {gate && <p className="notice">Your organization requires two-factor sign-in for admins: set it up to continue.</p>}
      <ErrorNote error={status.error} />
      {codes ? (
        <div className="card secret" role="status">
          <p>Two-factor sign-in is on. Store these recovery codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.</p>
          <ul aria-label="Recovery codes" className="codes">
            {codes.list.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <CopyButton text={codes.list.join('\n')} label="Copy recovery codes" />
          <button
            type="button"
            onClick={() => {
              onChanged(codes.session);
              setCodes(undefined);
              void status.reload();
            }}
          >
            I have stored the recovery codes
          </button>
        </div>
      ) : !status.data ? (
        <Loading />
      ) : status.data.enabled ? (
        <div className="card">
          <p>
            Two-factor sign-in is on. {status.data.recovery_codes_left} recovery code{status.data.recovery_codes_left === 1 ? '' : 's'} left.
          </p>
          {status.data.required ? (
            <p className="muted">Your organization requires it for admins. If you lose your phone, another admin can reset it.</p>
          ) : (
            <form onSubmit={turnOff}>
              <label htmlFor="totp-off-password">Current password</label>
              <input
                id="totp-off-password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <button type="submit" className="secondary" disabled={busy}>
                Turn off two-factor sign-in
              </button>
            </form>
          )}
        </div>
      ) : pending ? (
        <form className="card" onSubmit={confirm}>
          <p>Add this key to your authenticator app (or open the link on your phone), then enter the 6-digit code it shows.</p>
          <label htmlFor="totp-secret">Secret key</label>
          <div className="row">
            <input id="totp-secret" readOnly value={pending.secret} />
            <CopyButton text={pending.secret} />
          </div>
          <p className="small muted">
            <a href={pending.otpauth_uri}>Open in an authenticator app</a>
          </p>
          <label htmlFor="totp-confirm-code">Authentication code</label>
          <input
            id="totp-confirm-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <ErrorNote error={error} />
          <button type="submit" disabled={busy}>
            Turn on
          </button>
        </form>
      ) : (
        <div className="card">
          <p>Sign in with a code from an authenticator app as well as your password.</p>
          <ErrorNote error={error} />
          <button type="button" onClick={begin} disabled={busy}>
            Set up two-factor sign-in
          </button>
        </div>
      )}
      {!codes && status.data?.enabled && <ErrorNote error={error} />}
    </section>
  );
}
