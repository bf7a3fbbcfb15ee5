/** The API keys page's calls to the console's own API (admins only). */
import type { ApiKey, CreatedKey, NewKey } from '../../shared/console-api';
import { api } from '../../shared/http';

export const loadKeys = async () => (await api<{ data: ApiKey[] }>('GET', '/api/keys')).data;
export const createKey = async (key: NewKey) => (await api<{ data: CreatedKey }>('POST', '/api/keys', key)).data;
export const revokeKey = (key: string) => api('DELETE', `/api/keys/${encodeURIComponent(key)}`);
