import { Inject, Injectable } from '@nestjs/common';
import { ContactsExported, contactExportStream, type ContactsExportedEvent, type EventStore, type RecordContactExportBody } from '@planwerk/events';
import { EVENT_STORE } from '../../app/tokens';
import { decideAndAppend, type CommandMetadata } from '../../shared/commands/decide-and-append';
import type { IdSource } from '../../shared/idempotency/deterministic-ids';
import { contactExportDecider } from './decide/contact-export.decider';

/** Records an export of the team's contacts (manage_contact, checked at the HTTP edge; ADR 0016). */
@Injectable()
export class ContactExportService {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async record(teamId: string, body: RecordContactExportBody, metadata: CommandMetadata, ids: IdSource, now: Date) {
    const exportId = ids.next('exportId');
    // The search text is the exporter's own input: encrypted with the exporter's key.
    const exporter = metadata.actor.kind === 'user' ? metadata.actor.id : undefined;
    const result = await decideAndAppend({
      store: this.store, streamId: contactExportStream(exportId), decider: contactExportDecider,
      command: {
        exportId, teamId, format: body.format, language: body.language, search: body.q, count: body.count, now,
        filters: { type: body.type, status: body.status, blocked: body.blocked, sort: body.sort },
      },
      metadata: { ...metadata, teamId }, ids, mode: 'no_stream',
      schemaVersions: { ContactsExported: ContactsExported.schemaVersion },
      parse: (event) => ({ type: 'ContactsExported', data: ContactsExported.schema.parse(event.data) }) satisfies ContactsExportedEvent,
      personOf: () => exporter,
    });
    return { exportId, checkpoint: result.checkpoint };
  }
}
