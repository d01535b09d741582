import net from 'node:net';

export type Fault = 'cut' | 'reset';

export interface FaultProxy {
  /** Where the server under test connects instead of PostgreSQL. */
  port: number;
  /** postgres://… pointing at the proxy: `url` with its host and port replaced. */
  urlFor(url: string): string;
  /** Ends every open connection: `cut` with a FIN (a clean close), `reset` with a TCP RST. */
  fault(kind: Fault): void;
  /** Holds every chunk for `ms` in both directions (0: pass at once). */
  delay(ms: number): void;
  /** While true, new connections are accepted and dropped at once (a database that is down). */
  refuse(on: boolean): void;
  /**
   * The next time the client sends bytes containing `text` (a query of the wire protocol), forwards them
   * and then applies `kind` to that connection once `afterMs` has passed: the fault lands mid-query or
   * mid-transaction. `afterMs` < 0: the bytes are dropped and the fault is at once (the query never
   * reaches the database). Resolves when it has fired.
   */
  faultOn(text: string, kind: Fault, afterMs?: number): Promise<void>;
  /** Connections open now. */
  open(): number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

/**
 * A TCP proxy between the code under test and PostgreSQL that breaks connections on demand, the way a
 * network, a restart or `pg_terminate_backend` would. It speaks no protocol: it only watches the bytes
 * going up for a query's text.
 */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let delayMs = 0;
  let refusing = false;
  const triggers: { text: Buffer; kind: Fault; afterMs: number; fired: () => void }[] = [];

  const end = (p: Pair, kind: Fault) => {
    pairs.delete(p);
    for (const s of [p.client, p.upstream]) {
      if (kind === 'reset') s.resetAndDestroy();
      else s.destroySoon();
    }
  };
  const pipe = (from: net.Socket, to: net.Socket, p: Pair, up: boolean) => {
    from.on('data', (chunk: Buffer) => {
      if (up) {
        const i = triggers.findIndex((t) => chunk.includes(t.text));
        if (i >= 0) {
          const [t] = triggers.splice(i, 1);
          if (t && t.afterMs < 0) {
            end(p, t.kind);
            t.fired();
            return;
          }
          if (t) {
            setTimeout(() => {
              end(p, t.kind);
              t.fired();
            }, t.afterMs);
          }
        }
      }
      const send = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    });
    from.on('end', () => setTimeout(() => to.end(), delayMs));
    from.on('error', () => undefined);
    from.on('close', () => {
      pairs.delete(p);
      if (!to.destroyed) to.destroySoon();
    });
  };

  const server = net.createServer((client) => {
    if (refusing) {
      client.on('error', () => undefined);
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const p = { client, upstream };
    pairs.add(p);
    pipe(client, upstream, p, true);
    pipe(upstream, client, p, false);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    urlFor(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    fault(kind) {
      for (const p of [...pairs]) end(p, kind);
    },
    delay(ms) {
      delayMs = ms;
    },
    refuse(on) {
      refusing = on;
    },
    faultOn(text, kind, afterMs = 0) {
      return new Promise((fired) => triggers.push({ text: Buffer.from(text), kind, afterMs, fired }));
    },
    open: () => pairs.size,
    async close() {
      for (const p of [...pairs]) end(p, 'cut');
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
