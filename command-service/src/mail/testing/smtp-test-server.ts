import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for tests: listens on 127.0.0.1, port chosen by the system, keeps every
// message it accepts. Parsing covers what nodemailer produces (encoded words, quoted-printable,
// base64, multipart/alternative), enough to read subjects and links.

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  text: string;
}

export interface SmtpTestServer {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

function unfoldHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(value: string): string {
  const input = Buffer.from(value.replace(/=\r?\n/g, ''), 'utf8');
  const bytes: number[] = [];
  for (let i = 0; i < input.length; i += 1) {
    const hex = input[i] === 0x3d ? input.subarray(i + 1, i + 3).toString('latin1') : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(input[i]);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  return { headers: unfoldHeaders(raw.slice(0, end)), body: raw.slice(end + 4) };
}

function plainText(raw: string): string {
  const { headers, body } = split(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return decodeBody(headers, body);
  for (const part of body.split(`--${boundary}`)) {
    const trimmed = part.replace(/^\r\n/, '');
    const head = trimmed.slice(0, trimmed.indexOf('\r\n\r\n'));
    if (/^content-type:\s*text\/plain/im.test(head) && !/^content-disposition:\s*attachment/im.test(head)) return plainText(trimmed);
    // A mail with attachments nests its text in multipart/alternative inside multipart/mixed.
    if (/^content-type:\s*multipart\//im.test(head)) {
      const nested = plainText(trimmed);
      if (nested) return nested;
    }
  }
  return '';
}

export interface ReceivedAttachment {
  filename: string | null;
  contentType: string;
  content: string;
}

function partsOf(raw: string): string[] {
  const { headers, body } = split(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [raw];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => partsOf(part.replace(/^\r\n/, '')));
}

/** The attached files of a mail (parts with a filename or Content-Disposition: attachment), decoded as UTF-8 text. */
export function attachmentsOf(mail: Pick<ReceivedMail, 'raw'>): ReceivedAttachment[] {
  return partsOf(mail.raw).flatMap((part) => {
    const { headers, body } = split(part);
    const disposition = headers.get('content-disposition') ?? '';
    const type = headers.get('content-type') ?? '';
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1] ?? null;
    if (!/attachment/i.test(disposition) && filename === null) return [];
    return [{ filename, contentType: type, content: decodeBody(headers, body.replace(/\r\n$/, '')) }];
  });
}

export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers } = split(raw);
        received.push({
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          headers,
          subject: decodeWords(headers.get('subject') ?? ''),
          messageId: headers.get('message-id') ?? '',
          text: plainText(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
