import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { CopyButton, Empty, ErrorNote, Loading, useAction, useLoad, when } from '../ui';

interface MemberRow {
  id: string;
  email: string;
  role: 'admin' | 'member' | 'viewer';
  must_change_password: boolean;
  one_time_password_expires_at: string | null;
  disabled: boolean;
  totp_enabled: boolean;
  created_at: string;
}

const ROLES = [
  { value: 'viewer', label: 'viewer: reads everything, changes nothing' },
  { value: 'member', label: 'member: everything but keys and members' },
  { value: 'admin', label: 'admin: also manages API keys and members' },
] as const;

function status(m: MemberRow): string {
  if (m.disabled) return 'disabled';
  if (m.must_change_password) {
    const expires = m.one_time_password_expires_at ? Date.parse(m.one_time_password_expires_at) : Infinity;
    return expires <= Date.now() ? 'one-time password expired' : 'has not signed in yet';
  }
  return 'active';
}

/**
 * Members (admins only): add people with a role, change a role, disable or enable, reset a password (a new
 * one-time password) or a lost two-factor sign-in, remove; and whether the organization requires two-factor sign-in
 * of its admins. Every change to a person ends their open sessions at once. An admin does not act on themself here.
 */
export function MembersPage({ selfId }: { selfId: string }) {
  const members = useLoad(() => api<{ data: MemberRow[] }>('GET', '/api/members').then((r) => r.data), []);
  const org = useLoad(() => api<{ data: { require_admin_totp: boolean } }>('GET', '/api/org').then((r) => r.data), []);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('member');
  const [shown, setShown] = useState<{ email: string; password: string; expires: string | null; added: boolean } | undefined>(undefined);
  const add = useAction();
  const act = useAction();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void add.run(async () => {
      const res = await api<{ data: { email: string; password: string; one_time_password_expires_at: string } }>('POST', '/api/members', { email, role });
      setShown({ email: res.data.email, password: res.data.password, expires: res.data.one_time_password_expires_at, added: true });
      setEmail('');
      await members.reload();
    });
  };
  const change = (m: MemberRow, what: string, fn: () => Promise<unknown>) =>
    void act.run(async () => {
      if (!window.confirm(`${what} ${m.email}? Their open sessions end now.`)) return;
      await fn();
      await members.reload();
    });
  const resetPassword = (m: MemberRow) =>
    change(m, 'Reset the password of', async () => {
      const res = await api<{ data: MemberRow & { password: string } }>('POST', `/api/members/${m.id}/password-reset`, {});
      setShown({ email: m.email, password: res.data.password, expires: res.data.one_time_password_expires_at, added: false });
    });

  return (
    <section aria-labelledby="members-title">
      <h1 id="members-title">Members</h1>
      <form className="card" onSubmit={submit} aria-labelledby="add-member-title">
        <h2 id="add-member-title">Add a member</h2>
        <label htmlFor="member-email">Email</label>
        <input id="member-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="member-role">Role</label>
        <select id="member-role" value={role} onChange={(e) => setRole(e.target.value)}>
          {ROLES.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
        <ErrorNote error={add.error} />
        <button type="submit" disabled={add.busy}>
          Add member
        </button>
      </form>
      {shown && (
        <div className="card secret" role="status">
          <p>
            One-time password for <strong>{shown.email}</strong> (shown once; works until {shown.expires ? when(shown.expires) : 'changed'}; they choose their
            own at first sign-in).
            {shown.added &&
              ' If this address already has an account (here or elsewhere), nothing was changed and this password does not work: the list below shows who is a member here.'}
          </p>
          <div className="row">
            <input readOnly aria-label="One-time password" value={shown.password} />
            <CopyButton text={shown.password} />
          </div>
        </div>
      )}
      {org.data && (
        <div className="card">
          <label>
            <input
              type="checkbox"
              checked={org.data.require_admin_totp}
              disabled={act.busy}
              onChange={(e) => {
                const on = e.target.checked;
                void act.run(async () => {
                  await api('PATCH', '/api/org', { require_admin_totp: on });
                  await org.reload();
                });
              }}
            />{' '}
            Require two-factor sign-in for admins
          </label>
        </div>
      )}
      <ErrorNote error={act.error ?? members.error ?? org.error} />
      {members.loading && !members.data ? (
        <Loading />
      ) : members.data?.length === 0 ? (
        <Empty>No members.</Empty>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Added</th>
              <th scope="col">Status</th>
              <th scope="col">Two-factor</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {members.data?.map((m) => (
              <tr key={m.id}>
                <td>{m.email}</td>
                <td>
                  {m.id === selfId ? (
                    m.role
                  ) : (
                    <select
                      aria-label={`role of ${m.email}`}
                      value={m.role}
                      disabled={act.busy}
                      onChange={(e) => {
                        const next = e.target.value;
                        change(m, `Make ${next}:`, () => api('PATCH', `/api/members/${m.id}`, { role: next }));
                      }}
                    >
                      {ROLES.map((r) => (
                        <option key={r.value} value={r.value}>
                          {r.value}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                <td>{when(m.created_at)}</td>
                <td>{status(m)}</td>
                <td>{m.totp_enabled ? 'on' : 'off'}</td>
                <td className="actions">
                  {m.id === selfId ? (
                    <span className="muted">you</span>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="secondary"
                        disabled={act.busy}
                        onClick={() => change(m, m.disabled ? 'Enable' : 'Disable', () => api('PATCH', `/api/members/${m.id}`, { disabled: !m.disabled }))}
                      >
                        {m.disabled ? 'Enable' : 'Disable'}
                      </button>
                      <button type="button" className="secondary" disabled={act.busy} onClick={() => resetPassword(m)}>
                        Reset password
                      </button>
                      {m.totp_enabled && (
                        <button
                          type="button"
                          className="secondary"
                          disabled={act.busy}
                          onClick={() => change(m, 'Reset two-factor sign-in of', () => api('POST', `/api/members/${m.id}/totp-reset`, {}))}
                        >
                          Reset two-factor
                        </button>
                      )}
                      <button
                        type="button"
                        className="danger"
                        disabled={act.busy}
                        onClick={() => change(m, 'Remove', () => api('DELETE', `/api/members/${m.id}`))}
                      >
                        Remove
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
