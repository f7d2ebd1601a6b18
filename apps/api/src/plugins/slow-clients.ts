import type { Socket } from 'node:net';

/**
 * How long a client may take to send a whole request (headers and body). JSON bodies are at most
 * 256 KiB, which even a slow phone sends in well under this; a client trickling bytes to hold a
 * connection open is cut off with a 408 instead of keeping it for minutes.
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/** The Fastify options that bound slow clients; Node checks open connections every second. */
export function slowClientOptions(requestTimeoutMs = REQUEST_TIMEOUT_MS) {
  return {
    requestTimeout: requestTimeoutMs,
    http: { headersTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs) },
    clientErrorHandler: answerClientError,
  };
}

// Errors Node raises before a request reaches Fastify (timeouts, malformed HTTP), answered in the
// error envelope rather than Fastify's own body.
function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(err);
    return;
  }
  const [status, reason, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive. Please try again.']
      : [400, 'Bad Request', 'The request could not be read'];
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
