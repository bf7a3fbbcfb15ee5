import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { CopyButton, Empty, ErrorNote, Loading, useAction, useLoad, when } from '../ui';

interface MemberRow {
  id: string;
  email: string;
  role: string;
  must_change_password: boolean;
  created_at: string;
}

export function MembersPage() {
  const members = useLoad(() => api<{ data: MemberRow[] }>('GET', '/api/members').then((r) => r.data), []);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('member');
  const [made, setMade] = useState<{ email: string; password: string } | undefined>(undefined);
  const { busy, error, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await api<{ data: MemberRow & { password: string } }>('POST', '/api/members', { email, role });
      setMade({ email: res.data.email, password: res.data.password });
      setEmail('');
      await members.reload();
    });
  };
  return (
    <section aria-labelledby="members-title">
      <h1 id="members-title">Members</h1>
      <form className="card" onSubmit={submit} aria-labelledby="add-member-title">
        <h2 id="add-member-title">Add a member</h2>
        <label htmlFor="member-email">Email</label>
        <input id="member-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="member-role">Role</label>
        <select id="member-role" value={role} onChange={(e) => setRole(e.target.value)}>
          <option value="member">member: everything but keys and members</option>
          <option value="admin">admin: also manages API keys and members</option>
        </select>
        <ErrorNote error={error} />
        <button type="submit" disabled={busy}>
          Add member
        </button>
      </form>
      {made && (
        <div className="card secret" role="status">
          <p>
            One-time password for <strong>{made.email}</strong> (shown once; they choose their own at first sign-in):
          </p>
          <div className="row">
            <input readOnly aria-label="One-time password" value={made.password} />
            <CopyButton text={made.password} />
          </div>
        </div>
      )}
      <ErrorNote error={members.error} />
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
            </tr>
          </thead>
          <tbody>
            {members.data?.map((m) => (
              <tr key={m.id}>
                <td>{m.email}</td>
                <td>{m.role}</td>
                <td>{when(m.created_at)}</td>
                <td>{m.must_change_password ? 'has not signed in yet' : 'active'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
