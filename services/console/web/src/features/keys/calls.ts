/** The API keys page's calls to the console's own API (admins only). */
import type { ConsolePaths, ConsoleSchemas } from '@finance/client';
import { answer, consoleApi, type JsonBody } from '../../shared/http';

export type ApiKey = ConsoleSchemas['ApiKey'];
export type CreatedKey = ConsoleSchemas['CreatedApiKey'];
export type NewKey = JsonBody<ConsolePaths, '/api/keys', 'post'>;

export const loadKeys = async () => (await answer(consoleApi.GET('/api/keys'))).data;
export const createKey = async (key: NewKey) => (await answer(consoleApi.POST('/api/keys', { body: key }))).data;
export const revokeKey = async (key: string) => {
  await answer(consoleApi.DELETE('/api/keys/{key}', { params: { path: { key } } }));
};
