/** The Webhooks page's calls: the endpoint registry, through the ledger (it answers at every service's base_url). */
import type { LedgerPaths } from '@finance/client';
import { answer, type JsonBody } from '../../shared/http';
import { ledger } from '../../shared/services';

const at = (endpoint_id: string) => ({ params: { path: { endpoint_id } } });

export const loadEndpoints = async () => (await answer(ledger.GET('/webhook-endpoints', { params: { query: { limit: 100 } } }))).data;
export const createEndpoint = async (body: JsonBody<LedgerPaths, '/api/v1/webhook-endpoints', 'post'>) =>
  (await answer(ledger.POST('/webhook-endpoints', { body }))).data;
export const setEnabled = (id: string, enabled: boolean) => answer(ledger.PATCH('/webhook-endpoints/{endpoint_id}', { ...at(id), body: { enabled } }));
export const removeEndpoint = (id: string) => answer(ledger.DELETE('/webhook-endpoints/{endpoint_id}', at(id)));
export const rotateSecret = async (id: string) => (await answer(ledger.POST('/webhook-endpoints/{endpoint_id}/rotate-secret', at(id)))).data;
export const sendTest = (id: string) => answer(ledger.POST('/webhook-endpoints/{endpoint_id}/test', at(id)));
export const loadDeliveries = async (id: string) =>
  (await answer(ledger.GET('/webhook-endpoints/{endpoint_id}/deliveries', { params: { path: { endpoint_id: id }, query: { limit: 50 } } }))).data;
export const retryDelivery = (endpoint_id: string, delivery_id: string) =>
  answer(ledger.POST('/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/retry', { params: { path: { endpoint_id, delivery_id } } }));
