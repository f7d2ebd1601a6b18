import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ requestTimeoutMs: 1_500 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends the head of a request, then one byte of the body at a time, and reports what came back. */
function trickle(head: string, everyMs: number): Promise<{ response: string; afterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let response = '';
    socket.write(head);
    const timer = setInterval(() => socket.writable && socket.write(' '), everyMs);
    socket.on('data', (chunk) => {
      response += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ response, afterMs: Date.now() - started });
    });
  });
}

describe('slow clients', () => {
  it('cuts off a body trickled a byte at a time with a 408 in the error envelope', async () => {
    const { response, afterMs } = await trickle(
      `POST /api/v1/feedback HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{`,
      400,
    );
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(response.split('\r\n\r\n')[1] ?? '')).toEqual({
      message: 'The request took too long to arrive. Please try again.',
    });
    // The limit plus Node's one-second sweep: the connection is not held for minutes.
    expect(afterMs).toBeLessThan(5_000);
  });

  it('cuts off headers that never finish', async () => {
    const { response } = await trickle('GET /api/health/live HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 400);
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still answers a client that sends its request at a normal pace', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers: [1, 2, 3, 4, 0, 1], comment: 'steady' }),
    });
    expect(res.status).toBe(201);
  });
});
