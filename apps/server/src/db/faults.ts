// What a database error means for the request that met it. The error handler answers 503 for both kinds below:
// nothing of the request was committed (its transaction rolled back, or never began), so the user may simply try
// again. Anything else is the request's own error.

/**
 * 'unavailable': the database cannot be reached or closed the connection (a restart, a failover, a cut network);
 * 'busy': the database is there but the request waited too long (for a lock, for its statement, for a connection).
 */
export type DbFault = 'unavailable' | 'busy';

/** SQLSTATEs of a database that is going away or not yet there (class 08: connection exceptions). */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout (the connection is closed)
]);
const BUSY_CODES = new Set([
  '55P03', // lock_not_available (lock_timeout)
  '57014', // query_canceled (statement_timeout)
  '40P01', // deadlock_detected
  '40001', // serialization_failure
]);
/** Socket errors of node-postgres's connection. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** node-postgres's and node-pg-pool's messages for the same (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Query read timeout',
  'connection timeout',
];
/** pg-pool's wait for a connection of a full pool that ran out (a new connection that cannot open says
 * 'Connection terminated due to connection timeout' instead). */
const ACQUIRE_TIMEOUT = 'timeout exceeded when trying to connect';

/** The fault behind an error (also when wrapped by the query builder as its `cause`), or null. */
export function dbFaultOf(err: unknown): DbFault | null {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && typeof e === 'object' && i < 4;
    e = e.cause as typeof e, i++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (BUSY_CODES.has(code)) return 'busy';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNO.has(code))
      return 'unavailable';
    const message = typeof e.message === 'string' ? e.message : '';
    if (message.includes(ACQUIRE_TIMEOUT)) return 'busy';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return 'unavailable';
  }
  return null;
}
