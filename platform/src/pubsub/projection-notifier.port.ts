import { z } from 'zod';

// "Projection changed" wake-ups for the WebSocket gateway (architecture.md, "Kafka, Redis,
// BullMQ"). Live push is only a hint: a missed message costs latency, never data, because a
// client that reconnects resumes from its last checkpoint.

export const PROJECTIONS_CHANNEL = 'planwerk:projections';

export const projectionChangeSchema = z.object({
  projection: z.string().min(1),
  checkpoint: z.string(),
  keys: z.array(z.string()).optional(),
});

export interface ProjectionChange {
  projection: string;
  /** The projection's checkpoint after the change (opaque, see the event store port). */
  checkpoint: string;
  /** Read-model keys that changed; absent means "anything in this projection may have changed". */
  keys?: string[];
}

export type ProjectionListener = (change: ProjectionChange) => void;

export interface ProjectionNotifier {
  publish(change: ProjectionChange): Promise<void>;
  /** Returns the function that stops delivery to this listener. */
  subscribe(listener: ProjectionListener): () => void;
  /**
   * Resolves once changes published by other processes reach this instance's listeners
   * (the subscription is acknowledged). Publishing and subscribing work before that; a change
   * published elsewhere in between may be missed, which a hint may be.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface NotifierOptions {
  /** Told about undecodable messages, failing listeners and connection errors. */
  onError?(error: unknown): void;
}

/** Parses a message from another process; anything that is not a change is rejected. */
export function decodeProjectionChange(raw: string): ProjectionChange {
  const parsed = projectionChangeSchema.parse(JSON.parse(raw));
  return parsed.keys === undefined
    ? { projection: parsed.projection, checkpoint: parsed.checkpoint }
    : { projection: parsed.projection, checkpoint: parsed.checkpoint, keys: parsed.keys };
}

export function encodeProjectionChange(change: ProjectionChange): string {
  const valid = projectionChangeSchema.parse(change);
  return JSON.stringify(valid);
}
