import { v7 as uuidv7 } from 'uuid';
import type { RawDb } from '../db/db';
import { raw, sql, type Sql } from '../db/sql';
import type { ActionRequired, WebhookEventType } from './events';

/** What a change records: the rest of the envelope (id, created) is the outbox's. */
export interface NewWebhookEvent {
  type: WebhookEventType;
  organization: string;
  /** The resource as its API answers it. */
  data: object;
  action_required?: ActionRequired;
}

const SCHEMA_NAME = /^[a-z_]+$/;

/**
 * A service's transactional outbox (`<schema>.webhook_outbox`, a migration of the service): an event is written
 * by the change's own transaction, so it exists exactly when the change committed. It is written only when an
 * enabled endpoint of the organization takes its type (the same statement checks), so an organization without
 * webhooks pays one index probe and stores nothing.
 */
export class WebhookOutbox {
  private readonly table: Sql;
  constructor(readonly schema: string) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`not a schema name: ${schema}`);
    this.table = raw(`"${schema}"."webhook_outbox"`);
  }

  private envelope(event: NewWebhookEvent) {
    const id = uuidv7();
    return {
      id,
      payload: {
        id,
        type: event.type,
        created: new Date().toISOString(),
        organization: event.organization,
        data: event.data,
        ...(event.action_required ? { action_required: event.action_required } : {}),
      },
    };
  }

  private wanted(event: NewWebhookEvent): Sql {
    return sql`EXISTS (SELECT 1 FROM platform.webhook_endpoints e
                       WHERE e.org_id = ${event.organization}::uuid AND e.enabled AND ${event.type}::text = ANY (e.event_types))`;
  }

  /** Records `event` through `tx`: call it inside the transaction of the change. */
  async record(tx: RawDb, event: NewWebhookEvent): Promise<void> {
    const { id, payload } = this.envelope(event);
    await tx.$executeRaw(sql`
      INSERT INTO ${this.table} (id, org_id, type, payload)
      SELECT ${id}::uuid, ${event.organization}::uuid, ${event.type}, ${JSON.stringify(payload)}::jsonb
      WHERE ${this.wanted(event)}`);
  }

  /** Several events in one statement (a bulk post's), each written only where an endpoint takes its type. */
  async recordMany(tx: RawDb, events: NewWebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map((event) => {
      const { id, payload } = this.envelope(event);
      return { id, org_id: event.organization, type: event.type, payload };
    });
    await tx.$executeRaw(sql`
      INSERT INTO ${this.table} (id, org_id, type, payload)
      SELECT r.id, r.org_id, r.type, r.payload FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id uuid, org_id uuid, type text, payload jsonb)
      WHERE EXISTS (SELECT 1 FROM platform.webhook_endpoints e WHERE e.org_id = r.org_id AND e.enabled AND r.type = ANY (e.event_types))`);
  }

  /**
   * The same as a CTE part (`name AS (INSERT ...)`) for a change written in one statement (the ledger's post):
   * one row per row of `from`, with `instants` (fields of `data` known only to the statement, as timestamptz
   * expressions over `from`) written as toISOString() writes them.
   */
  part(event: NewWebhookEvent, options: { from: Sql; instants?: Record<string, Sql>; name?: string }): Sql {
    const { id, payload } = this.envelope(event);
    let value = sql`${JSON.stringify(payload)}::jsonb`;
    for (const [field, instant] of Object.entries(options.instants ?? {})) {
      if (!/^[a-z_]+$/.test(field)) throw new Error(`not a field name: ${field}`);
      value = sql`jsonb_set(${value}, ${`{data,${field}}`}::text[], to_jsonb(to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))`;
    }
    return sql`${raw(options.name ?? 'webhook_event')} AS (
      INSERT INTO ${this.table} (id, org_id, type, payload)
      SELECT ${id}::uuid, ${event.organization}::uuid, ${event.type}, ${value}
      FROM ${options.from} WHERE ${this.wanted(event)}
      RETURNING 1)`;
  }
}
