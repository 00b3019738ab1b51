import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server that records every message it has read in full (keyed by Message-ID) and
// acknowledges it only after `ackDelayMs`, so a fault can land while a mail is in flight. A
// message read but not yet acknowledged counts as received: a real MTA would deliver it too.

export interface RecordingSmtpServer {
  url: string;
  /** Copies received per Message-ID. */
  copies: Map<string, number>;
  /** Message-IDs read whose acknowledgement is still pending. */
  inFlight(): string[];
  total(): number;
  close(): Promise<void>;
}

export async function startRecordingSmtpServer(ackDelayMs: number): Promise<RecordingSmtpServer> {
  const copies = new Map<string, number>();
  const pending: string[] = [];
  let total = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^message-id:\s*(\S+)/im.exec(raw.slice(0, raw.indexOf('\r\n\r\n')))?.[1] ?? '(none)';
        copies.set(messageId, (copies.get(messageId) ?? 0) + 1);
        total += 1;
        pending.push(messageId);
        setTimeout(() => {
          pending.splice(pending.indexOf(messageId), 1);
          callback();
        }, ackDelayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A client killed mid-conversation resets its socket; that is expected here.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    copies,
    inFlight: () => [...pending],
    total: () => total,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
