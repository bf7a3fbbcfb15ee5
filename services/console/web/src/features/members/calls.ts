/** The Members page's calls to the console's own API (admins only). Every change to a person ends their open sessions. */
import type { ConsolePaths, ConsoleSchemas } from '@finance/client';
import { answer, consoleApi, type JsonBody } from '../../shared/http';

export type Member = ConsoleSchemas['Member'];
export type Role = Member['role'];

const member = (id: string) => ({ path: { id } });

export const loadMembers = async () => (await answer(consoleApi.GET('/api/members'))).data;
export const addMember = async (email: string, role: Role) => (await answer(consoleApi.POST('/api/members', { body: { email, role } }))).data;
export const changeMember = (id: string, change: JsonBody<ConsolePaths, '/api/members/{id}', 'patch'>) =>
  answer(consoleApi.PATCH('/api/members/{id}', { params: member(id), body: change }));
export const resetPassword = async (id: string) => (await answer(consoleApi.POST('/api/members/{id}/password-reset', { params: member(id) }))).data;
export const resetTotp = (id: string) => answer(consoleApi.POST('/api/members/{id}/totp-reset', { params: member(id) }));
export const removeMember = async (id: string) => {
  await answer(consoleApi.DELETE('/api/members/{id}', { params: member(id) }));
};

export const loadOrgSettings = async () => (await answer(consoleApi.GET('/api/org'))).data;
export const changeOrgSettings = (change: JsonBody<ConsolePaths, '/api/org', 'patch'>) => answer(consoleApi.PATCH('/api/org', { body: change }));
