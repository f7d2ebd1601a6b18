import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that counts deliveries per Message-ID (the outbox row's id). */
export async function startSmtpSink() {
  const deliveries = new Map<string, number>();
  let withoutId = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const id = /^Message-ID:\s*<([^@>]+)@/im.exec(raw)?.[1];
        if (id) deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
        else withoutId += 1;
        callback();
      });
    },
  });
  // A server killed in the middle of an SMTP conversation resets the connection: count it, go on.
  let brokenConnections = 0;
  server.on('error', () => {
    brokenConnections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    withoutId: () => withoutId,
    brokenConnections: () => brokenConnections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
