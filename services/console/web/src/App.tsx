import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { api, ApiError, setCsrfToken, whenSignedOut, type SessionData } from './api';
import { ErrorNote, Loading, useAction, useScrollableTables } from './ui';
import { TotpSettings } from './TotpSettings';

/** Each page is its own chunk, loaded when first opened: recharts goes only with the pages that draw charts. */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazy(() => load().then((m) => ({ default: m[name] })));
const PAGE_COMPONENTS = {
  dashboards: page(() => import('./pages/Dashboards'), 'DashboardsPage'),
  statements: page(() => import('./pages/Statements'), 'StatementsPage'),
  transactions: page(() => import('./pages/Transactions'), 'TransactionsPage'),
  rules: page(() => import('./pages/Rules'), 'RulesPage'),
  ledger: page(() => import('./pages/Ledger'), 'LedgerPage'),
  reconciliation: page(() => import('./pages/Reconciliation'), 'ReconciliationPage'),
  keys: page(() => import('./pages/Keys'), 'KeysPage'),
  periods: page(() => import('./pages/Periods'), 'PeriodsPage'),
};
const MembersPage = lazy(() => import('./pages/Members').then((m) => ({ default: m.MembersPage })));

const PAGES = [
  { id: 'dashboards', title: 'Dashboards', admin: false },
  { id: 'statements', title: 'Statements', admin: false },
  { id: 'transactions', title: 'Transactions', admin: false },
  { id: 'rules', title: 'Rules', admin: false },
  { id: 'ledger', title: 'Ledger', admin: false },
  { id: 'reconciliation', title: 'Reconciliation', admin: false },
  { id: 'keys', title: 'API keys', admin: true },
  { id: 'members', title: 'Members', admin: true },
  { id: 'periods', title: 'Periods', admin: true },
  { id: 'security', title: 'Two-factor sign-in', admin: false },
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
  if (session.totp_required)
    return (
      <main className="auth">
        <TotpSettings gate onChanged={adopt} />
        <button type="button" className="link" onClick={() => void api('DELETE', '/api/session').finally(() => adopt(null))}>
          Sign out
        </button>
      </main>
    );
  return <Shell session={session} onSignOut={() => adopt(null)} />;
}

function SignIn({ notice, onSignedIn }: { notice?: string; onSignedIn: (s: SessionData) => void }) {
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
        onSignedIn((await api<{ data: SessionData }>('POST', '/api/session', { email, password, ...second })).data);
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
          Signed in as {session.member.email} ({session.org.name}). Your one-time password must be replaced before you continue: at least 12 characters, and
          hard to guess (a passphrase of a few uncommon words is best; common passwords and ones built on your email are refused).
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
  // The Pages navigation is a menu behind a button on narrow screens (CSS decides when the button shows).
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLElement>(null);
  useScrollableTables(content);
  useEffect(() => {
    const onHash = () => {
      setPage(currentPage());
      setMenuOpen(false);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);
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
  const Page = PAGE_COMPONENTS[active.id as keyof typeof PAGE_COMPONENTS] ?? PAGE_COMPONENTS.dashboards;
  return (
    <div className={`shell${menuOpen ? ' menu-open' : ''}`}>
      <header className="topbar">
        <button
          type="button"
          className="menu-button"
          ref={menuButton}
          aria-expanded={menuOpen}
          aria-controls="pages-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <span className="brand">Finance console</span>
        <span className="org">{session.org.name}</span>
        <span className="spacer" />
        <span className="who">
          {session.member.email} · {session.member.role}
        </span>
        <button type="button" className="secondary" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <nav className="sidebar" id="pages-nav" aria-label="Pages">
        <ul>
          {visible.map((p) => (
            <li key={p.id}>
              <a href={`#/${p.id}`} aria-current={p.id === active.id ? 'page' : undefined} onClick={() => setMenuOpen(false)}>
                {p.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" ref={content}>
        <Suspense fallback={<Loading />}>
          {active.id === 'members' ? (
            <MembersPage selfId={session.member.id} />
          ) : active.id === 'security' ? (
            <TotpSettings onChanged={() => undefined} />
          ) : (
            <Page />
          )}
        </Suspense>
      </main>
    </div>
  );
}
