import { DrizzleQueryError } from 'drizzle-orm';

// Which errors mean "the connection to the database failed", as opposed to a query the database
// refused. Only the first kind becomes a 503: the request's transaction died with its connection, so
// PostgreSQL rolled it back and nothing was changed (decision 0120).

// SQLSTATE class 08 (connection exception) and the shutdown codes: 57P01 admin_shutdown (also what
// pg_terminate_backend sends), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
// shutting down), 53300 too_many_connections.
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
// Socket errors are only the database's when they surely came from its connection (see `fromDatabase`):
// the same codes from S3 or a mail server are not a database fault.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
// node-postgres reports a lost or unusable connection with plain Errors, told apart by their text.
const PG_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i;

/** Errors thrown by the database's own calls (raw SQL of the job queue), marked where they are caught. */
const marked = new WeakSet<object>();

export function markDatabaseError(err: unknown): unknown {
  if (err && typeof err === 'object') marked.add(err);
  return err;
}

/**
 * True when `err`, or an error it wraps as `cause` (Drizzle wraps every failed query), is a lost or
 * refused database connection. `port` is the database's: a refused connect names it.
 */
export function isConnectionFailure(err: unknown, port: number): boolean {
  let fromDatabase = false;
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause, port: p } = e as Record<string, unknown>;
    fromDatabase ||= e instanceof DrizzleQueryError || marked.has(e) || p === port;
    if (typeof code === 'string') {
      if (code.startsWith('08') || SQLSTATES.has(code)) return true;
      if (fromDatabase && SOCKET_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
    // A host name with several addresses (localhost: ::1 and 127.0.0.1) fails as an AggregateError.
    if (e instanceof AggregateError && e.errors.some((x) => isConnectionFailure(x, port))) return true;
    e = cause;
  }
  return false;
}
