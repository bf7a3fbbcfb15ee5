import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { query, queryOne, withTransaction, type RawDb, type RootDb } from '../db/db';
import { sql } from '../db/sql';
import { NotFoundError } from '../errors';
import { view } from '../http/responses';
import { orderBy, limitOffset } from '../list/sql';
import type { ListQuery } from '../list/list';
import { decryptSecret, encryptSecret } from '../secret-box';
import { WEBHOOK_EVENT_TYPES, type WebhookEvent } from './events';

/** After a rotation the previous secret signs too, for this long, so receivers can switch without losing events. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

export const webhookEndpointView = z
  .strictObject({
    id: view.id,
    url: z.string(),
    description: z.string().nullable(),
    event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    /** Why the platform disabled it (it kept failing); null otherwise. */
    disabled_reason: z.string().nullable(),
    /** Until when the secret replaced by the last rotation still signs (null: no rotation in the last 24 h). */
    previous_secret_expires_at: view.timestamp.nullable(),
    last_success_at: view.timestamp.nullable(),
    created_at: view.timestamp,
    updated_at: view.timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointView = z.output<typeof webhookEndpointView>;

export const webhookEndpointWithSecretView = webhookEndpointView
  .extend({ secret: z.string().describe('whsec_<base64>: shown once, here; verify signatures with it') })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const webhookAttemptView = z
  .strictObject({
    started_at: view.timestamp,
    duration_ms: view.count,
    /** The endpoint's HTTP status; null when no answer came (refused, timed out, unsafe address). */
    status_code: z.number().int().nullable(),
    error: z.string().nullable(),
    /** When the next try is due; null after a success or the last try. */
    next_attempt_at: view.timestamp.nullable(),
  })
  .meta({ id: 'WebhookAttempt' });

export const webhookDeliveryView = z
  .strictObject({
    id: view.id,
    endpoint: view.id,
    event_id: view.id,
    event_type: z.enum(WEBHOOK_EVENT_TYPES),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempt_count: view.count,
    next_attempt_at: view.timestamp.nullable(),
    last_status_code: z.number().int().nullable(),
    /** The event as it is sent. */
    event: z.record(z.string(), z.unknown()),
    attempts: z.array(webhookAttemptView),
    created_at: view.timestamp,
    updated_at: view.timestamp,
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryView = z.output<typeof webhookDeliveryView>;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const sealContext = (endpointId: string) => `webhook-endpoint:${endpointId}`;

interface EndpointRow {
  id: string;
  org_id: string;
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_secret_expires_at: Date | null;
  last_success_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function endpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types as WebhookEndpointView['event_types'],
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    previous_secret_expires_at:
      row.previous_secret_expires_at && row.previous_secret_expires_at.getTime() > Date.now() ? iso(row.previous_secret_expires_at) : null,
    last_success_at: iso(row.last_success_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The secrets that sign now: the current one, and the previous one until it expires. */
export function signingSecrets(
  row: Pick<EndpointRow, 'id' | 'secret_enc' | 'previous_secret_enc' | 'previous_secret_expires_at'>,
  key: Buffer,
  now = Date.now(),
): string[] {
  const secrets = [decryptSecret(row.secret_enc, key, sealContext(row.id))];
  if (row.previous_secret_enc && row.previous_secret_expires_at && row.previous_secret_expires_at.getTime() > now) {
    secrets.push(decryptSecret(row.previous_secret_enc, key, sealContext(row.id)));
  }
  return secrets;
}

export interface EndpointInput {
  url: string;
  description?: string | null;
  event_types?: string[];
  enabled?: boolean;
}

const ENDPOINT_COLUMNS = sql`id, org_id, url, description, event_types, enabled, disabled_reason, secret_enc, previous_secret_enc,
  previous_secret_expires_at, last_success_at, created_at, updated_at`;

export async function insertEndpoint(db: RawDb, orgId: string, input: EndpointInput, key: Buffer): Promise<WebhookEndpointView & { secret: string }> {
  const id = uuidv7();
  const secret = newWebhookSecret();
  const row = await queryOne<EndpointRow>(
    db,
    sql`INSERT INTO platform.webhook_endpoints (id, org_id, url, description, event_types, enabled, secret_enc)
        VALUES (${id}::uuid, ${orgId}::uuid, ${input.url}, ${input.description ?? null}, ${input.event_types ?? [...WEBHOOK_EVENT_TYPES]}::text[],
                ${input.enabled ?? true}, ${encryptSecret(secret, key, sealContext(id))})
        RETURNING ${ENDPOINT_COLUMNS}`,
  );
  return { ...endpointView(row!), secret };
}

export async function findEndpointRow(db: RawDb, orgId: string, id: string, lock = false): Promise<EndpointRow> {
  const row = await queryOne<EndpointRow>(
    db,
    sql`SELECT ${ENDPOINT_COLUMNS} FROM platform.webhook_endpoints WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw new NotFoundError(`webhook endpoint ${id} not found`);
  return row;
}

export async function listEndpoints(db: RawDb, orgId: string, list: ListQuery): Promise<{ rows: WebhookEndpointView[]; total: number }> {
  const rows = await query<EndpointRow & { total: bigint }>(
    db,
    sql`SELECT ${ENDPOINT_COLUMNS}, count(*) OVER () AS total FROM platform.webhook_endpoints WHERE org_id = ${orgId}::uuid
        ${orderBy(list.sort, { created_at: 'created_at' }, 'id')} ${limitOffset(list)}`,
  );
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : (await queryOne<{ n: bigint }>(db, sql`SELECT count(*) AS n FROM platform.webhook_endpoints WHERE org_id = ${orgId}::uuid`))!.n;
  return { rows: rows.map(endpointView), total: Number(total) };
}

export async function updateEndpoint(db: RawDb, orgId: string, id: string, patch: Partial<EndpointInput>): Promise<WebhookEndpointView> {
  const current = await findEndpointRow(db, orgId, id);
  const row = await queryOne<EndpointRow>(
    db,
    sql`UPDATE platform.webhook_endpoints SET
          url = ${patch.url ?? current.url},
          description = ${patch.description !== undefined ? patch.description : current.description},
          event_types = ${patch.event_types ?? current.event_types}::text[],
          enabled = ${patch.enabled ?? current.enabled},
          -- enabled again by a person: the platform's reason no longer holds
          disabled_reason = ${patch.enabled === true ? null : current.disabled_reason},
          updated_at = now()
        WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid RETURNING ${ENDPOINT_COLUMNS}`,
  );
  if (!row) throw new NotFoundError(`webhook endpoint ${id} not found`);
  return endpointView(row);
}

export async function deleteEndpoint(db: RawDb, orgId: string, id: string): Promise<void> {
  const n = await db.$executeRaw(sql`DELETE FROM platform.webhook_endpoints WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid`);
  if (n === 0) throw new NotFoundError(`webhook endpoint ${id} not found`);
}

/** A new secret; the one it replaces keeps signing for PREVIOUS_SECRET_VALID_MS (a second rotation drops the oldest). */
export async function rotateSecret(db: RootDb, orgId: string, id: string, key: Buffer): Promise<WebhookEndpointView & { secret: string }> {
  return withTransaction(db, async (tx) => {
    const current = await findEndpointRow(tx, orgId, id, true);
    const secret = newWebhookSecret();
    const row = await queryOne<EndpointRow>(
      tx,
      sql`UPDATE platform.webhook_endpoints SET secret_enc = ${encryptSecret(secret, key, sealContext(id))}, previous_secret_enc = ${current.secret_enc},
            previous_secret_expires_at = now() + ${PREVIOUS_SECRET_VALID_MS} * interval '1 millisecond', updated_at = now()
          WHERE id = ${id}::uuid RETURNING ${ENDPOINT_COLUMNS}`,
    );
    return { ...endpointView(row!), secret };
  });
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  payload: Record<string, unknown>;
  attempts: { started_at: string; duration_ms: number; status_code: number | null; error: string | null; next_attempt_at: string | null }[] | null;
  created_at: Date;
  updated_at: Date;
}

const DELIVERY_COLUMNS = sql`d.id, d.endpoint_id, d.event_id, d.event_type, d.status, d.attempt_count, d.next_attempt_at, d.last_status_code, d.payload,
  d.created_at, d.updated_at,
  (SELECT json_agg(json_build_object(
            'started_at', to_char(a.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'duration_ms', a.duration_ms,
            'status_code', a.status_code, 'error', a.error,
            'next_attempt_at', to_char(a.next_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY a.started_at, a.id)
     FROM platform.webhook_attempts a WHERE a.delivery_id = d.id) AS attempts`;

function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    endpoint: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type as WebhookDeliveryView['event_type'],
    status: row.status,
    attempt_count: row.attempt_count,
    next_attempt_at: iso(row.next_attempt_at),
    last_status_code: row.last_status_code,
    event: row.payload,
    attempts: row.attempts ?? [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listDeliveries(
  db: RawDb,
  orgId: string,
  endpointId: string,
  list: ListQuery,
  filters: { status?: string; event_type?: string },
): Promise<{ rows: WebhookDeliveryView[]; total: number }> {
  await findEndpointRow(db, orgId, endpointId);
  const where = sql`d.endpoint_id = ${endpointId}::uuid AND d.org_id = ${orgId}::uuid
    AND (${filters.status ?? null}::text IS NULL OR d.status = ${filters.status ?? null})
    AND (${filters.event_type ?? null}::text IS NULL OR d.event_type = ${filters.event_type ?? null})`;
  const rows = await query<DeliveryRow>(
    db,
    sql`SELECT ${DELIVERY_COLUMNS} FROM platform.webhook_deliveries d WHERE ${where}
        ${orderBy(list.sort, { created_at: 'd.created_at' }, 'd.id')} ${limitOffset(list)}`,
  );
  const count = await queryOne<{ n: bigint }>(db, sql`SELECT count(*) AS n FROM platform.webhook_deliveries d WHERE ${where}`);
  return { rows: rows.map(deliveryView), total: Number(count!.n) };
}

export async function findDelivery(db: RawDb, orgId: string, endpointId: string, id: string): Promise<WebhookDeliveryView> {
  const row = await queryOne<DeliveryRow>(
    db,
    sql`SELECT ${DELIVERY_COLUMNS} FROM platform.webhook_deliveries d
        WHERE d.id = ${id}::uuid AND d.endpoint_id = ${endpointId}::uuid AND d.org_id = ${orgId}::uuid`,
  );
  if (!row) throw new NotFoundError(`delivery ${id} of webhook endpoint ${endpointId} not found`);
  return deliveryView(row);
}

/** A delivery to start again (a manual retry): pending, whatever it was. */
export async function reopenDelivery(db: RawDb, orgId: string, endpointId: string, id: string): Promise<void> {
  const n = await db.$executeRaw(
    sql`UPDATE platform.webhook_deliveries SET status = 'pending', next_attempt_at = now(), updated_at = now()
        WHERE id = ${id}::uuid AND endpoint_id = ${endpointId}::uuid AND org_id = ${orgId}::uuid`,
  );
  if (n === 0) throw new NotFoundError(`delivery ${id} of webhook endpoint ${endpointId} not found`);
}

/** Deliveries of `event` to the given endpoints (none twice: the relay may run again). Answers the ids inserted. */
export async function insertDeliveries(db: RawDb, service: string, pairs: { endpointId: string; event: WebhookEvent }[]): Promise<string[]> {
  if (pairs.length === 0) return [];
  const rows = pairs.map((p) => ({
    id: uuidv7(),
    org_id: p.event.organization,
    endpoint_id: p.endpointId,
    event_id: p.event.id,
    event_type: p.event.type,
    payload: p.event,
  }));
  const inserted = await query<{ id: string }>(
    db,
    sql`INSERT INTO platform.webhook_deliveries (id, org_id, endpoint_id, event_id, event_type, service, payload, next_attempt_at)
        SELECT r.id, r.org_id, r.endpoint_id, r.event_id, r.event_type, ${service}, r.payload, now()
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id uuid, org_id uuid, endpoint_id uuid, event_id uuid, event_type text, payload jsonb)
        ORDER BY r.id
        ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING id`,
  );
  return inserted.map((r) => r.id);
}

/** The enabled endpoints of these organizations that take `type` (or any type, with their types). */
export async function subscribedEndpoints(db: RawDb, orgIds: string[]): Promise<{ id: string; org_id: string; event_types: string[] }[]> {
  if (orgIds.length === 0) return [];
  return query(db, sql`SELECT id, org_id, event_types FROM platform.webhook_endpoints WHERE org_id = ANY (${orgIds}::uuid[]) AND enabled`);
}
