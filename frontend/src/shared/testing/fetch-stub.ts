// The network of the component tests, at fetch level: every call is answered with the spec's
// wrapper { body, error, status } (section 8), so the real RTK Query base query unwraps it.
export interface WrappedError {
  status: number;
  intern: number | string | null;
  text: string;
  field?: string;
}

export interface StubCall {
  method: string;
  path: string;
  /** The query parameters of the call (filters). */
  query: URLSearchParams;
  body: unknown;
  /** The request's headers, names in lower case (tokens in headers, never in the URL). */
  headers: Record<string, string>;
  /** The full URL as sent. */
  url: string;
}

interface Route {
  method: string;
  path: string | RegExp;
  answer: () => Promise<Response>;
}

let routes: Route[] = [];
let calls: StubCall[] = [];

function wrapped(status: number, body: unknown, error: WrappedError | null): Response {
  return new Response(JSON.stringify({ body, error, status }), { status, headers: { 'content-type': 'application/json' } });
}

function matches(route: Route, method: string, path: string): boolean {
  if (route.method !== method) return false;
  return typeof route.path === 'string' ? route.path === path : route.path.test(path);
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function installFetchStub(): void {
  routes = [];
  calls = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    calls.push({
      method, path: url.pathname, query: url.searchParams, body: await readBody(request.clone()),
      headers: Object.fromEntries([...request.headers.entries()].map(([name, value]) => [name.toLowerCase(), value])), url: request.url,
    });
    // The latest stub of a path wins, so a test can change an answer midway.
    const route = [...routes].reverse().find((candidate) => matches(candidate, method, url.pathname));
    if (!route) return wrapped(404, null, { status: 404, intern: null, text: `no stub for ${method} ${url.pathname}` });
    return route.answer();
  };
}

/** Answers `method path` (path under /v5, e.g. '/v5/teams') with a body. */
export function answer(method: string, path: string | RegExp, body: unknown, status = 200): void {
  routes.push({ method, path, answer: async () => wrapped(status, body, null) });
}

/** Answers `method path` with the spec's error (status, intern code, text, field) and the body an endpoint declares for it. */
export function answerError(method: string, path: string | RegExp, error: WrappedError, body: unknown = null): void {
  routes.push({ method, path, answer: async () => wrapped(error.status, body, error) });
}

/** Answers `method path` with a file, not the JSON wrapper (exports): its text and headers (content-type, content-disposition). */
export function answerFile(method: string, path: string | RegExp, text: string, headers: Record<string, string>): void {
  routes.push({ method, path, answer: async () => new Response(text, { status: 200, headers }) });
}

/** Holds `method path` until the returned release is called: the screen in its loading state. */
export function hold(method: string, path: string | RegExp, body: unknown = null): () => void {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  routes.push({ method, path, answer: async () => {
    await released;
    return wrapped(200, body, null);
  } });
  return release;
}

/** The calls made so far, oldest first. */
export function fetchCalls(method?: string, path?: string | RegExp): StubCall[] {
  return calls.filter((call) => (!method || call.method === method)
    && (!path || (typeof path === 'string' ? call.path === path : path.test(call.path))));
}
