import { randomBytes, randomUUID } from 'node:crypto';

// The command-service's HTTP API as a client sees it: every answer kept with its status, and a
// network failure (service or database down) kept as status 0.

export interface Answer {
  status: number;
  body: unknown;
}

const HEADERS = { 'content-type': 'application/json', 'x-api-version': '5.0.1' };

export async function post(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { ...HEADERS, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Kept as text: a non-JSON answer is itself worth seeing in a failure message.
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    return { status: 0, body: error instanceof Error ? error.message : String(error) };
  }
}

/** A device id of the shape the API accepts (10 alphanumerics). */
export function newDeviceId(): string {
  return `Dev${randomBytes(4).toString('hex').slice(0, 7)}`;
}

export interface VoteRequest {
  body: { vote: 1 | 2; text: string };
  headers: Record<string, string>;
}

/** A feedback vote from `device`, with an Idempotency-Key unless `key` is null. */
export function voteRequest(device: string, key: string | null = randomUUID()): VoteRequest {
  return {
    body: { vote: 1, text: `fault test ${randomBytes(4).toString('hex')}` },
    headers: { 'x-device-id': device, ...(key === null ? {} : { 'idempotency-key': key }) },
  };
}

export function sendVote(baseUrl: string, request: VoteRequest): Promise<Answer> {
  return post(baseUrl, '/v5/feedback/vote', request.body, request.headers);
}

export function feedbackIdOf(answer: Answer): string {
  const id = (answer.body as { body?: { feedbackId?: unknown } } | null)?.body?.feedbackId;
  if (typeof id !== 'string') throw new Error(`no feedbackId in ${JSON.stringify(answer)}`);
  return id;
}

const PASSWORD = 'ein sicherer Satz 42';

export function register(baseUrl: string, mail: string): Promise<Answer> {
  return post(baseUrl, '/v5/auth', {
    mail, vorname: 'Fault', nachname: 'Test', pass: PASSWORD, pass2: PASSWORD, terms: true, privacy: true, cookies: true, age: true,
  });
}

export const isSuccess = (answer: Answer): boolean => answer.status >= 200 && answer.status < 300;
