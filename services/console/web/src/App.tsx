import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { ChangePassword } from './features/session/ChangePassword';
import { loadSession, signOut, type Session } from './features/session/calls';
import { SignIn } from './features/session/SignIn';
import { TotpSettings } from './features/session/TotpSettings';
import { setCsrfToken, whenSignedOut, type ApiError } from './shared/http';
import { RoleContext } from './shared/role';
import { Loading, useScrollableTables } from './shared/ui';

/** Each page is its own chunk, loaded when first opened: recharts goes only with the pages that draw charts. */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazy(() => load().then((m) => ({ default: m[name] })));
const PAGE_COMPONENTS = {
  dashboards: page(() => import('./features/dashboards/DashboardsPage'), 'DashboardsPage'),
  statements: page(() => import('./features/statements/StatementsPage'), 'StatementsPage'),
  transactions: page(() => import('./features/transactions/TransactionsPage'), 'TransactionsPage'),
  rules: page(() => import('./features/rules/RulesPage'), 'RulesPage'),
  ledger: page(() => import('./features/ledger/LedgerPage'), 'LedgerPage'),
  reconciliation: page(() => import('./features/reconciliation/ReconciliationPage'), 'ReconciliationPage'),
  keys: page(() => import('./features/keys/KeysPage'), 'KeysPage'),
  periods: page(() => import('./features/periods/PeriodsPage'), 'PeriodsPage'),
  webhooks: page(() => import('./features/webhooks/WebhooksPage'), 'WebhooksPage'),
};
const MembersPage = lazy(() => import('./features/members/MembersPage').then((m) => ({ default: m.MembersPage })));

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
  { id: 'webhooks', title: 'Webhooks', admin: true },
  { id: 'security', title: 'Two-factor sign-in', admin: false },
] as const;
type PageId = (typeof PAGES)[number]['id'];

function currentPage(): PageId {
  const id = window.location.hash.replace(/^#\/?/, '');
  return (PAGES.find((p) => p.id === id)?.id ?? 'dashboards') as PageId;
}

export function App() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);

  const adopt = (data: Session | null) => {
    if (data) setCsrfToken(data.csrf_token);
    setSession(data);
  };

  useEffect(() => {
    // Several requests in flight may be refused at once; "expired" says more than "sign in", whichever lands last.
    whenSignedOut((message, code) => {
      setNotice((previous) => (code === 'SESSION_EXPIRED' || !previous ? message : previous));
      adopt(null);
    });
    loadSession().then(adopt, () => adopt(null));
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
        <button type="button" className="link" onClick={() => void signOut().finally(() => adopt(null))}>
          Sign out
        </button>
      </main>
    );
  return <Shell session={session} onSignOut={() => adopt(null)} />;
}

function Shell({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
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
  // A page this role cannot use is named and refused in words, not swapped for another page without a word.
  const refused = isAdmin ? undefined : PAGES.find((p) => p.id === page && p.admin);
  const active = visible.find((p) => p.id === page) ?? visible[0]!;
  useEffect(() => {
    document.title = `${refused?.title ?? active.title} · ${session.org.name}`;
  }, [active, refused, session.org.name]);
  const leave = async () => {
    await signOut().catch((err: ApiError) => err);
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
        <button type="button" className="secondary" onClick={() => void leave()}>
          Sign out
        </button>
      </header>
      <nav className="sidebar" id="pages-nav" aria-label="Pages">
        <ul>
          {visible.map((p) => (
            <li key={p.id}>
              <a href={`#/${p.id}`} aria-current={p.id === active.id && !refused ? 'page' : undefined} onClick={() => setMenuOpen(false)}>
                {p.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" ref={content}>
        <RoleContext.Provider value={session.member.role}>
          <Suspense fallback={<Loading />}>
            {refused ? (
              <NotForYourRole title={refused.title} role={session.member.role} />
            ) : active.id === 'members' ? (
              <MembersPage selfId={session.member.id} />
            ) : active.id === 'security' ? (
              <TotpSettings onChanged={() => undefined} />
            ) : (
              <Page />
            )}
          </Suspense>
        </RoleContext.Provider>
      </main>
    </div>
  );
}

/** What a person whose role cannot use a page sees there instead of it. */
function NotForYourRole({ title, role }: { title: string; role: string }) {
  return (
    <section aria-labelledby="not-for-role-title">
      <h1 id="not-for-role-title">{title}</h1>
      <p role="status">
        Only admins can use the {title} page. You are signed in as {role === 'viewer' ? 'a viewer' : `a ${role}`}; ask an admin of your organization if you need
        something done here.
      </p>
      <p>
        <a href="#/dashboards">Go to Dashboards</a>
      </p>
    </section>
  );
}
