import { z } from 'zod';

// The realtime socket protocol at /v5/ws. Server messages follow the spec's realtime event shape
// (section 3: event, data, sub_type, sub_id); sub_id is the projection a client subscribed to.
export const REALTIME_PATH = '/v5/ws';

const projectionName = z.string().min(1).max(100).regex(/^[a-z][a-z0-9_-]*$/, 'expected a projection name');
const checkpoint = z.string().min(1).max(200);

export const realtimeClientMessageSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('subscribe'),
    projection: projectionName,
    /** Only changes touching these read-model keys; absent = every change of the projection. */
    keys: z.array(z.string().min(1).max(200)).max(1000).optional(),
    /** Last checkpoint this client saw: a reconnect resumes from it (catch-up message). */
    since: checkpoint.optional(),
  }),
  z.object({ action: z.literal('unsubscribe'), projection: projectionName }),
]);

export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

export interface RealtimeErrorData {
  status: number;
  intern: number;
  text: string;
  field?: string;
}

export type RealtimeServerMessage =
  | {
      event: 'projection';
      data: {
        projection: string;
        checkpoint: string;
        /** Changed keys; absent means anything in the projection may have changed. */
        keys?: string[];
        /** True for the message a resuming client gets when it missed changes. */
        catchUp?: boolean;
      };
      sub_type: 'projection';
      sub_id: string;
    }
  | { event: 'subscribed'; data: { projection: string; checkpoint: string | null }; sub_type: 'projection'; sub_id: string }
  | { event: 'unsubscribed'; data: { projection: string }; sub_type: 'projection'; sub_id: string }
  | { event: 'error'; data: RealtimeErrorData; sub_type: null; sub_id: null };
