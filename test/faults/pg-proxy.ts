/**
 * A TCP proxy between a service and Postgres that reads the wire protocol just enough to fail one exchange on
 * purpose. Armed with a pattern, it watches the statements the client sends (simple queries, and extended-protocol
 * Parse/Bind, named prepared statements included); once a matching statement has run:
 * - `drop`: the server's reply that ends it outside a transaction (the ReadyForQuery that says "idle": the write
 *   is committed, on its own or by the COMMIT that followed) is thrown away and both connections closed: the
 *   commit happened, the service never hears of it;
 * - `hold`: the server's reply to that statement is kept back and the connection left open: the service waits
 *   inside its request, its transaction open and uncommitted, until it is killed;
 * - `cut`: the server's reply to that statement is thrown away and both connections closed at once: inside a
 *   transaction, before its COMMIT was sent, so Postgres rolls it back.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export type ProxyFault = { kind: 'drop' | 'hold' | 'cut'; statement: RegExp; times: number };

export interface PgProxy {
  port: number;
  /** Arms a fault; resolves when it has fired `times` times. */
  arm(fault: ProxyFault): Promise<void>;
  /** Replies the fault dropped or holds so far. */
  fired(): number;
  close(): Promise<void>;
}

/** Splits a stream into protocol messages; the client's first message (startup) has no type byte. */
class Framer {
  private buffer = Buffer.alloc(0);
  constructor(private untyped: boolean) {}

  push(chunk: Buffer): { type: string; body: Buffer; raw: Buffer }[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const out: { type: string; body: Buffer; raw: Buffer }[] = [];
    for (;;) {
      const head = this.untyped ? 0 : 1;
      if (this.buffer.length < head + 4) break;
      const length = this.buffer.readInt32BE(head);
      if (this.buffer.length < head + length) break;
      const raw = this.buffer.subarray(0, head + length);
      out.push({ type: this.untyped ? '' : String.fromCharCode(raw[0] as number), body: raw.subarray(head + 4), raw });
      this.buffer = this.buffer.subarray(head + length);
      // Only the startup (and an SSL or cancel request, which this proxy does not expect) comes without a type.
      this.untyped = false;
    }
    return out;
  }
}

const cstrings = (body: Buffer, count: number): string[] => {
  const out: string[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const end = body.indexOf(0, at);
    out.push(body.subarray(at, end).toString('utf8'));
    at = end + 1;
  }
  return out;
};

export async function startPgProxy(targetPort: number): Promise<PgProxy> {
  let fault: (ProxyFault & { done: () => void }) | undefined;
  let fired = 0;
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    // Messages are forwarded one by one: without this, Nagle and delayed ACKs add ~40 ms to each.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const fromClient = new Framer(true);
    const fromServer = new Framer(false);
    const named = new Map<string, string>();
    let matched = false;
    let held: Buffer[] = [];
    let frozen = false;
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', closeBoth);
    upstream.on('error', closeBoth);

    client.on('data', (chunk: Buffer) => {
      for (const m of fromClient.push(chunk)) {
        if (fault) {
          let text: string | undefined;
          if (m.type === 'Q') text = cstrings(m.body, 1)[0];
          if (m.type === 'P') {
            const [name, query] = cstrings(m.body, 2) as [string, string];
            if (name) named.set(name, query);
            text = query;
          }
          if (m.type === 'B') text = named.get(cstrings(m.body, 2)[1] as string);
          if (text !== undefined && fault.statement.test(text)) matched = true;
        } else if (m.type === 'P') {
          const [name, query] = cstrings(m.body, 2) as [string, string];
          if (name) named.set(name, query);
        }
        upstream.write(m.raw);
      }
    });

    upstream.on('data', (chunk: Buffer) => {
      if (frozen) return;
      for (const m of fromServer.push(chunk)) {
        if (!matched || !fault) {
          client.write(m.raw);
          continue;
        }
        held.push(m.raw);
        if (m.type !== 'Z') continue;
        const status = String.fromCharCode(m.body[0] as number);
        if (fault.kind === 'drop' && status !== 'I') {
          // Still inside the transaction: let the exchange through and wait for its end.
          for (const b of held) client.write(b);
          held = [];
          continue;
        }
        const current = fault;
        matched = false;
        held = [];
        fired++;
        if (--current.times <= 0) {
          fault = undefined;
          current.done();
        }
        if (current.kind === 'drop' || current.kind === 'cut') {
          closeBoth();
        } else {
          frozen = true;
        }
        return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    arm(next) {
      return new Promise<void>((resolve) => {
        fault = { ...next, done: resolve };
      });
    },
    fired: () => fired,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
