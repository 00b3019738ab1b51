import { errorBody, preferredLanguage } from '../errors/domain-error';
import { failed, type ApiResponse } from './api-response';

// Text that PostgreSQL cannot store or that has no UTF-8 form: NUL (refused in text and jsonb)
// and UTF-16 surrogates outside a valid pair (JSON.stringify writes them as `\ud800`, which
// json/jsonb refuse). Without the `u` flag the pattern works on UTF-16 code units.
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, 'g');

/** Whether `text` has a UTF-8 form PostgreSQL stores as it is. */
export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/** `text` with each NUL and lone surrogate replaced by U+FFFD (what a UTF-8 encoder writes). */
export function toSafeText(text: string): string {
  return isSafeText(text) ? text : text.replace(UNSAFE_TEXT_ALL, '\uFFFD');
}

// Each step keeps its parent and key, not its whole path: a path copied per step would make a
// deeply nested body (128k levels fit in the command side's 256 KiB) quadratic.
interface Step { value: unknown; key: string | null; parent: Step | null }

function pathOf(step: Step | null, key?: string): string[] {
  const path: string[] = key === undefined ? [] : [key];
  for (let s = step; s !== null; s = s.parent) if (s.key !== null) path.push(s.key);
  return path.reverse();
}

/**
 * The path of the first string in `value` (a value or an object key, in document order) that is
 * not safe text; null when every string is. Iterative: parsed JSON may nest deeper than the stack.
 */
export function findUnsafeText(value: unknown): string[] | null {
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    if (typeof step.value === 'string') {
      if (!isSafeText(step.value)) return pathOf(step);
      continue;
    }
    if (step.value === null || typeof step.value !== 'object') continue;
    const object = step.value as Record<string, unknown>;
    const keys = Array.isArray(object) ? object.map((_, i) => String(i)) : Object.keys(object);
    const unsafeKey = keys.find((key) => !isSafeText(key));
    if (unsafeKey !== undefined) return pathOf(step, unsafeKey);
    for (let i = keys.length - 1; i >= 0; i -= 1) stack.push({ value: object[keys[i]], key: keys[i], parent: step });
  }
  return null;
}

/** `value` with every string (and key) made safe; the same object when nothing needed it. */
export function withSafeText<T>(value: T): T {
  if (typeof value === 'string') return toSafeText(value) as T;
  if (value === null || typeof value !== 'object' || findUnsafeText(value) === null) return value;
  if (Array.isArray(value)) return value.map((item) => withSafeText(item)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[toSafeText(key)] = withSafeText(item);
  return copy as T;
}

/** The parts of a request a client chooses as text, after parsing. */
export interface RequestInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/**
 * The field of the first unsafe string of a request, named like a validation failure: a path
 * or query parameter by its name, a body field by its dotted path, `body` for a bare string.
 */
export function unsafeTextField(input: RequestInput): string | null {
  for (const part of [input.params, input.query]) {
    const found = findUnsafeText(part);
    if (found) return found.join('.') || 'query';
  }
  const found = findUnsafeText(input.body);
  if (found) return found.length > 0 ? found.join('.') : 'body';
  return null;
}

/** What a request hook of either service needs, typed by shape (no Fastify import here). */
export interface TextCheckedRequest extends RequestInput {
  headers: { 'accept-language'?: string | string[] };
}
export interface TextCheckReply {
  code(status: number): TextCheckReply;
  header(name: string, value: string): TextCheckReply;
  send(payload: ApiResponse<never>): unknown;
}

/**
 * The one text check at the edge (security-and-reliability.md, "Input"): a body, query or path
 * parameter holding NUL or a lone surrogate is refused with a 400 naming the field, before any
 * guard, handler or idempotency record runs, so nothing changes. Each service installs it as a
 * Fastify `preValidation` hook; returns whether it answered.
 */
export function refuseUnsafeText(request: TextCheckedRequest, reply: TextCheckReply): boolean {
  const field = unsafeTextField(request);
  if (field === null) return false;
  const header = request.headers['accept-language'];
  const language = preferredLanguage(Array.isArray(header) ? header[0] : header);
  reply.code(400).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store')
    .send(failed(errorBody('validation_failed', { language, field })));
  return true;
}
