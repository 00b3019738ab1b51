import { Inject, Injectable } from '@nestjs/common';
import {
  contactEvents,
  contactPersonId,
  contactStream,
  type ContactEvent,
  type CreateContactBody,
  type EditContactBody,
  type EventStore,
} from '@planwerk/events';
import { EVENT_STORE } from '../app/tokens';
import { decideAndAppend, type CommandMetadata, type DecideAndAppendResult } from '../shared/commands/decide-and-append';
import { erasePersonKeys } from '../shared/crypto/erase-person-keys';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { contactDecider, type ContactCommand, type ContactState } from './decide/contact.decider';

const contactSchemaVersions = Object.fromEntries(contactEvents.map((e) => [e.type, e.schemaVersion])) as Record<ContactEvent['type'], number>;

/** The team's contacts (manage_contact, checked at the HTTP edge); every command decides on `contact-<contactId>`. */
@Injectable()
export class ContactsService {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async create(teamId: string, body: CreateContactBody, metadata: CommandMetadata, ids: IdSource, now: Date) {
    const contactId = ids.next('contactId');
    const result = await this.decide(teamId, contactId, {
      type: 'CreateContact', teamId, contactId, contactType: body.type, status: body.status, details: body.details, at: now.toISOString(),
    }, metadata, ids);
    return { contactId, checkpoint: result.checkpoint };
  }

  async edit(teamId: string, contactId: string, body: EditContactBody, metadata: CommandMetadata, ids: IdSource, now: Date) {
    const result = await this.decide(teamId, contactId, {
      type: 'EditContact', teamId, contactId, at: now.toISOString(),
      ...(body.type !== undefined ? { contactType: body.type } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      ...(body.details !== undefined ? { details: body.details } : {}),
      ...(body.version !== undefined ? { version: body.version } : {}),
    }, metadata, ids);
    return { contactId, changed: result.events.length > 0, version: result.nextExpectedVersion, checkpoint: result.checkpoint };
  }

  async block(teamId: string, contactId: string, blocked: boolean, metadata: CommandMetadata, ids: IdSource) {
    const result = await this.decide(teamId, contactId, { type: 'BlockContact', teamId, contactId, blocked }, metadata, ids);
    return { contactId, blocked, checkpoint: result.checkpoint };
  }

  /**
   * Removes the contact and erases its personal data (rule 8): its key is deleted after the
   * removal is stored (a refused remove must not shred a live contact), so every copy of its
   * details reads back as null. Removing again erases again (idempotent) and answers removed: false.
   */
  async remove(teamId: string, contactId: string, metadata: CommandMetadata, ids: IdSource) {
    const result = await this.decide(teamId, contactId, { type: 'RemoveContact', teamId, contactId }, metadata, ids);
    await erasePersonKeys(this.store, [contactPersonId(contactId)]);
    return { contactId, removed: result.events.length > 0, checkpoint: result.checkpoint };
  }

  private decide(teamId: string, contactId: string, command: ContactCommand, metadata: CommandMetadata, ids: IdSource): Promise<DecideAndAppendResult<ContactEvent>> {
    return decideAndAppend<ContactCommand, ContactEvent, ContactState>({
      store: this.store,
      streamId: contactStream(contactId),
      decider: contactDecider,
      command,
      // The team's log shows its contacts' changes.
      metadata: { ...metadata, teamId },
      ids,
      schemaVersions: contactSchemaVersions,
      mode: 'loaded',
      // The contact's details are its own personal data: encrypted with its own key.
      personOf: () => contactPersonId(contactId),
    });
  }
}
