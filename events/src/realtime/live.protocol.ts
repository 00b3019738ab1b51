import { z } from 'zod';
import { LOG_APP_TOKEN } from './live.constants';

// The live-update protocol on the realtime socket /v5/ws (spec sections 3, 4 and 7; ADR 0009).
// Browser-safe: no Node imports. One path carries three channels, chosen by the query string
// `?channel=main|second|log&session=<session id>&ident=<device id>`:
// - main: project subscriptions (realtime events of spec section 4) and the login state;
// - second: service events (logout, update, trace, loader, msg, popup, reload, redirect, route);
// - log: client log messages {token, type, meta, date} (spec section 3, Log message).

const checkpoint = z.string().min(1).max(200);
const ref = z.string().trim().min(1).max(200);

/** `{ action: 'subscribe', project | link, since?, password? }` on the main channel. */
export const liveSubscribeSchema = z.object({
  action: z.literal('subscribe'),
  /** The project id; or `link`, the project's public link. Exactly one of the two. */
  project: ref.optional(),
  link: ref.optional(),
  /** The checkpoint of the last realtime event this client saw: the missed ones follow. */
  since: checkpoint.optional(),
  /** The project password, for projects with visibility `password`. */
  password: z.string().min(1).max(200).optional(),
}).superRefine((value, ctx) => {
  if ((value.project === undefined) === (value.link === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['project'], message: 'give exactly one of project and link' });
  }
});
export type LiveSubscribe = z.infer<typeof liveSubscribeSchema>;

export const liveUnsubscribeSchema = z.object({ action: z.literal('unsubscribe'), project: ref });

/** `{ action: 'login', token }` with the `token.device` value of the authorization header. */
export const liveLoginSchema = z.object({ action: z.literal('login'), token: z.string().min(8).max(500) });
export const liveLogoutSchema = z.object({ action: z.literal('logout') });

const metaText = z.string().max(200);

/** A client log message (spec section 3). `date` is when the client logged it (ISO 8601). */
export const logMessageSchema = z.object({
  token: z.literal(LOG_APP_TOKEN),
  type: z.string().trim().min(1).max(50).regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : -'),
  meta: z.object({
    app_platform: metaText.optional(),
    app_version: metaText.optional(),
    user_id: metaText.nullable().optional(),
    session_id: metaText.optional(),
    device_id: metaText.optional(),
    extras: z.record(z.string(), z.unknown()).optional(),
  }),
  date: z.iso.datetime({ offset: true }),
});

