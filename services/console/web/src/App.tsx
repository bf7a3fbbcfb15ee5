import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError, setCsrfToken, whenSignedOut, type SessionData } from './api';
import { ErrorNote, Loading, useAction } from './ui';
import { DashboardsPage } from './pages/Dashboards';
import { KeysPage } from './pages/Keys';
import { LedgerPage } from './pages/Ledger';
import { MembersPage } from './pages/Members';
import { PeriodsPage } from './pages/Periods';
import { StatementsPage } from './pages/Statements';
import { TransactionsPage } from './pages/Transactions';
import { RulesPage } from './pages/Rules';

const PAGES = [
  { id: 'dashboards', title: 'Dashboards', admin: false },
  { id: 'statements', title: 'Statements', admin: false },
  { id: 'transactions', title: 'Transactions', admin: false },
  { id: 'rules', title: 'Rules', admin: false },
  { id: 'ledger', title: 'Ledger', admin: false },
  { id: 'keys', title: 'API keys', admin: true },
  { id: 'members', title: 'Members', admin: true },
  { id: 'periods', title: 'Periods', admin: true },
] as const;
type PageId = (typeof PAGES)[number]['id'];

function currentPage(): PageId {
  const id = window.location.hash.replace(/^#\/?/, '');
  return (PAGES.find((p) => p.id === id)?.id ?? 'dashboards') as PageId;
}

export function App() {
  const [session, setSession] = useState<SessionData | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);

  const adopt = (data: SessionData | null) => {
    if (data) setCsrfToken(data.csrf_token);
    setSession(data);
  };

  useEffect(() => {
    // Several requests in flight may be refused at once; "expired" says more than "sign in", whichever lands last.
    whenSignedOut((message, code) => {
      setNotice((previous) => (code === 'SESSION_EXPIRED' || !previous ? message : previous));
      adopt(null);
    });
    api<{ data: SessionData }>('GET', '/api/session').then(
      (res) => adopt(res.data),
      () => adopt(null),
    );
  }, []);

  if (session === undefined) return <Loading />;
  if (session === null)
    return (
      <SignIn
        notice={notice}
        onSignedIn={(s) => {
          setNotice(undefined);
          adopt(s);
        }}
      />
    );
  if (session.member.must_change_password) return <ChangePassword session={session} onChanged={adopt} onSignOut={() => adopt(null)} />;
  return <Shell session={session} onSignOut={() => adopt(null)} />;
}

function SignIn({ notice, onSignedIn }: { notice?: string; onSignedIn: (s: SessionData) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => onSignedIn((await api<{ data: SessionData }>('POST', '/api/session', { email, password })).data));
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
        <input id="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        <label htmlFor="password">Password</label>
        <input id="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
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

function ChangePassword({ session, onChanged, onSignOut }: { session: SessionData; onChanged: (s: SessionData) => void; onSignOut: () => void }) {
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
    void run(async () =>
      onChanged((await api<{ data: SessionData }>('POST', '/api/session/password', { current_password: current, new_password: next })).data),
    );
  };
  return (
    <main className="auth">
      <form className="card" onSubmit={submit} aria-labelledby="pw-title">
        <h1 id="pw-title">Choose your password</h1>
        <p className="muted">
          Signed in as {session.member.email} ({session.org.name}). Your one-time password must be replaced before you continue: at least 12 characters.
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
        <ErrorNote error={error} />
        <button type="submit" disabled={busy}>
          Set password
        </button>
        <button type="button" className="link" onClick={() => void api('DELETE', '/api/session').finally(onSignOut)}>
          Sign out
        </button>
      </form>
    </main>
  );
}

function Shell({ session, onSignOut }: { session: SessionData; onSignOut: () => void }) {
  const [page, setPage] = useState<PageId>(currentPage());
  useEffect(() => {
    const onHash = () => setPage(currentPage());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const isAdmin = session.member.role === 'admin';
  const visible = PAGES.filter((p) => !p.admin || isAdmin);
  const active = visible.find((p) => p.id === page) ?? visible[0]!;
  useEffect(() => {
    document.title = `${active.title} · ${session.org.name}`;
  }, [active, session.org.name]);
  const signOut = async () => {
    await api('DELETE', '/api/session').catch((err: ApiError) => err);
    onSignOut();
  };
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Finance console</span>
        <span className="org">{session.org.name}</span>
        <span className="spacer" />
        <span className="muted">
          {session.member.email} · {session.member.role}
        </span>
        <button type="button" className="secondary" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <nav className="sidebar" aria-label="Pages">
        <ul>
          {visible.map((p) => (
            <li key={p.id}>
              <a href={`#/${p.id}`} aria-current={p.id === active.id ? 'page' : undefined}>
                {p.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">
        {active.id === 'dashboards' && <DashboardsPage />}
        {active.id === 'statements' && <StatementsPage />}
        {active.id === 'transactions' && <TransactionsPage />}
        {active.id === 'rules' && <RulesPage />}
        {active.id === 'ledger' && <LedgerPage />}
        {active.id === 'keys' && <KeysPage />}
        {active.id === 'members' && <MembersPage />}
        {active.id === 'periods' && <PeriodsPage />}
      </main>
    </div>
  );
}
