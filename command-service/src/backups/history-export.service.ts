import { Inject, Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@planwerk/events';
import { CLOCK, type Clock } from '@planwerk/platform';
import type { BackupCaller } from './backup-caller';
import { BackupStreams } from './backup-streams';

/** The project's history as a JSON download. */
@Injectable()
export class HistoryExportService {
  constructor(
    private readonly streams: BackupStreams,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The project's history as JSON text chunks: every event of its streams (project, link,
   * sign-ups and notices of every list it ever had, comments, backups) merged in log order,
   * read page by page. The team check runs before the first chunk.
   */
  async history(caller: BackupCaller, projectId: string): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
    const now = this.clock.now();
    const streams = await this.streams.loadOfTeam(caller.teamId, projectId);
    const created = [...streams.project.events].reverse().find((e) => e.type === 'ProjectCreated');
    const link = (created?.data as { link?: string } | undefined)?.link ?? null;
    const streamIds = this.streams.repo.historyStreams(projectId, link, Object.keys(streams.lists));
    const store = this.streams.repo.store;
    const compare = (a: string, b: string) => this.streams.compare(a, b);
    async function* chunks(): AsyncGenerator<string> {
      yield `{"format":"planwerk.project-history","version":1,"projectId":${JSON.stringify(projectId)},"teamId":${JSON.stringify(caller.teamId)},`
        + `"exportedAt":${JSON.stringify(now.toISOString())},"streams":${JSON.stringify(streamIds)},"events":[`;
      const cursors = streamIds.map((streamId) => ({ streamId, next: 1, buffer: [] as RecordedEvent[], done: false }));
      const fill = async (cursor: (typeof cursors)[number]) => {
        if (cursor.buffer.length > 0 || cursor.done) return;
        const page = await store.readStream(cursor.streamId, { fromVersion: cursor.next, maxCount: 500 });
        cursor.buffer = page.events;
        cursor.next += page.events.length;
        if (page.events.length === 0) cursor.done = true;
      };
      let firstOut = true;
      for (;;) {
        for (const cursor of cursors) await fill(cursor);
        let best: (typeof cursors)[number] | null = null;
        for (const cursor of cursors) {
          const head = cursor.buffer[0];
          if (head && (best === null || compare(head.checkpoint, (best.buffer[0] as RecordedEvent).checkpoint) < 0)) best = cursor;
        }
        if (best === null) break;
        const event = best.buffer.shift() as RecordedEvent;
        yield `${firstOut ? '' : ','}\n${JSON.stringify(historyEntry(event))}`;
        firstOut = false;
      }
      yield '\n]}\n';
    }
    const day = now.toISOString().slice(0, 10);
    return { filename: `project-${link ?? projectId}-history-${day}.json`, chunks: chunks() };
  }
}

const REDACTED: Record<string, readonly string[]> = { ProjectVisibilityChanged: ['passwordHash'], SignUpAdded: ['tokenHash'] };

/** One exported event: envelope and metadata, secrets (password and token hashes) left out. */
function historyEntry(event: RecordedEvent): Record<string, unknown> {
  const hidden = REDACTED[event.type] ?? [];
  const data = hidden.length > 0 && typeof event.data === 'object' && event.data !== null
    ? { ...(event.data as Record<string, unknown>), ...Object.fromEntries(hidden.map((f) => [f, null])) }
    : event.data;
  const m = event.metadata;
  return {
    stream: event.streamId, version: event.streamVersion, checkpoint: event.checkpoint, recordedAt: event.recordedAt.toISOString(),
    eventId: event.eventId, type: event.type, data,
    metadata: {
      commandId: m.commandId, correlationId: m.correlationId, causationId: m.causationId, actor: m.actor, teamId: m.teamId,
      schemaVersion: m.schemaVersion, ...(m.erased ? { erased: true, erasedFields: m.erasedFields ?? [] } : {}),
      ...(hidden.length > 0 ? { redacted: hidden } : {}),
    },
  };
}
