/** The Members page's calls to the console's own API (admins only). Every change to a person ends their open sessions. */
import type { Member, MemberWithPassword, OrgSettings, Role } from '../../shared/console-api';
import { api } from '../../shared/http';

export const loadMembers = async () => (await api<{ data: Member[] }>('GET', '/api/members')).data;
export const addMember = async (email: string, role: Role) => (await api<{ data: MemberWithPassword }>('POST', '/api/members', { email, role })).data;
export const changeMember = (id: string, change: { role: Role } | { disabled: boolean }) => api('PATCH', `/api/members/${id}`, change);
export const resetPassword = async (id: string) => (await api<{ data: MemberWithPassword }>('POST', `/api/members/${id}/password-reset`, {})).data;
export const resetTotp = (id: string) => api('POST', `/api/members/${id}/totp-reset`, {});
export const removeMember = (id: string) => api('DELETE', `/api/members/${id}`);

export const loadOrgSettings = async () => (await api<{ data: OrgSettings }>('GET', '/api/org')).data;
export const changeOrgSettings = (change: OrgSettings) => api('PATCH', '/api/org', change);
