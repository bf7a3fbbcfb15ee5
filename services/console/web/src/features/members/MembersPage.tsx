import { useState, type FormEvent } from 'react';
import { CopyButton, Empty, ErrorNote, Loading, useAction, useLoad, when } from '../../shared/ui';
import {
  addMember,
  changeMember,
  changeOrgSettings,
  loadMembers,
  loadOrgSettings,
  removeMember,
  resetPassword,
  resetTotp,
  type Member,
  type Role,
} from './calls';

const ROLES = [
  { value: 'viewer', label: 'viewer: reads everything, changes nothing' },
  { value: 'member', label: 'member: everything but keys and members' },
  { value: 'admin', label: 'admin: also manages API keys and members' },
] as const satisfies { value: Role; label: string }[];

function status(m: Member): string {
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
  const members = useLoad(loadMembers, []);
  const org = useLoad(loadOrgSettings, []);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [shown, setShown] = useState<{ email: string; password: string; expires: string | null } | undefined>(undefined);
  /** Said instead of a one-time password when adding changed nothing (the address is a member already). */
  const [unchanged, setUnchanged] = useState<string | undefined>(undefined);
  const add = useAction();
  const act = useAction();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(undefined);
    setUnchanged(undefined);
    void add.run(async () => {
      // The answer is the same whether the address is new or has an account already (README, S5); the member list
      // before and after tells this admin which it was here, so a new member's password carries no caveat.
      const before = await loadMembers();
      const added = await addMember(email, role);
      const after = await loadMembers();
      setEmail('');
      await members.reload();
      const same = (m: Member) => m.email === added.email;
      if (before.some(same)) setUnchanged(`${added.email} is already a member here: nothing was changed. Reset their password below if they need a new one.`);
      else if (!after.some(same))
        setUnchanged(`${added.email} could not be added: the address already has an account with another organization. Nothing was changed.`);
      else setShown({ email: added.email, password: added.password, expires: added.one_time_password_expires_at });
    });
  };
  const change = (m: Member, what: string, fn: () => Promise<unknown>) =>
    void act.run(async () => {
      if (!window.confirm(`${what} ${m.email}? Their open sessions end now.`)) return;
      await fn();
      await members.reload();
    });
  const newPassword = (m: Member) =>
    change(m, 'Reset the password of', async () => {
      const reset = await resetPassword(m.id);
      setUnchanged(undefined);
      setShown({ email: m.email, password: reset.password, expires: reset.one_time_password_expires_at });
    });

  return (
    <section aria-labelledby="members-title">
      <h1 id="members-title">Members</h1>
      <form className="card" onSubmit={submit} aria-labelledby="add-member-title">
        <h2 id="add-member-title">Add a member</h2>
        <label htmlFor="member-email">Email</label>
        <input id="member-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="member-role">Role</label>
        <select id="member-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
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
      {unchanged && (
        <p className="card notice" role="status">
          {unchanged}
        </p>
      )}
      {shown && (
        <div className="card secret" role="status">
          <p>
            One-time password for <strong>{shown.email}</strong> (shown once; works until {shown.expires ? when(shown.expires) : 'changed'}; they choose their
            own at first sign-in).
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
                  await changeOrgSettings({ require_admin_totp: on });
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
                        const next = e.target.value as Role;
                        change(m, `Make ${next}:`, () => changeMember(m.id, { role: next }));
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
                        onClick={() => change(m, m.disabled ? 'Enable' : 'Disable', () => changeMember(m.id, { disabled: !m.disabled }))}
                      >
                        {m.disabled ? 'Enable' : 'Disable'}
                      </button>
                      <button type="button" className="secondary" disabled={act.busy} onClick={() => newPassword(m)}>
                        Reset password
                      </button>
                      {m.totp_enabled && (
                        <button
                          type="button"
                          className="secondary"
                          disabled={act.busy}
                          onClick={() => change(m, 'Reset two-factor sign-in of', () => resetTotp(m.id))}
                        >
                          Reset two-factor
                        </button>
                      )}
                      <button type="button" className="danger" disabled={act.busy} onClick={() => change(m, 'Remove', () => removeMember(m.id))}>
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
