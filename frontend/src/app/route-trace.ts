import { liveConnection } from './realtime/live-connection';

// Spec section 2, navigation guard step 3: every route records a route trace and a feature log.
// The trace is the tab's recent path through the console (route name, path pattern, time), kept
// in sessionStorage so it survives the reload that follows a crash; the server's `trace` service
// event asks for it, and a support person reads it from the client log. The feature log is one
// log-socket message each time the person enters another section (route name), which tells
// which features are used. Neither carries parameter values: links of activation, reset or
// invitation mails hold secrets, so ids and tokens are replaced by the parameter's name.

export interface RouteTraceEntry {
  name: string;
  /** The path with every route parameter replaced by `:name`. */
  path: string;
  at: string;
}

const TRACE_KEY = 'planwerk.routeTrace';
const TRACE_MAX = 30;

let lastFeature: string | null = null;

/** The matched pathname with each parameter's value replaced by its name. */
export function pathPattern(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  const byValue = new Map<string, string>();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && key !== '*') byValue.set(value, key);
  }
  return pathname
    .split('/')
    .map((segment) => {
      const decoded = safeDecode(segment);
      const key = byValue.get(decoded);
      return key === undefined ? segment : `:${key}`;
    })
    .join('/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function routeTrace(): RouteTraceEntry[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(TRACE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as RouteTraceEntry[]) : [];
  } catch {
    return [];
  }
}

/** Records a route in the trace and, when the section changed, in the feature log. */
export function recordRoute(name: string, path: string, now = new Date()): void {
  const trace = routeTrace();
  const previous = trace[trace.length - 1];
  if (!previous || previous.name !== name || previous.path !== path) {
    trace.push({ name, path, at: now.toISOString() });
    try {
      sessionStorage.setItem(TRACE_KEY, JSON.stringify(trace.slice(-TRACE_MAX)));
    } catch {
      // Storage blocked: the trace lives only as long as this call.
    }
  }
  if (name === lastFeature) return;
  lastFeature = name;
  liveConnection()?.log.log('feature', { feature: name, path });
}
