import { Inject, Injectable } from '@nestjs/common';
import {
  contactGroupEvents,
  contactGroupStream,
  contactStream,
  type ChangeContactGroupMembersBody,
  type ContactGroupEvent,
  type CreateContactGroupBody,
  type EditContactGroupBody,
  type EventStore,
} from '@planwerk/events';
import { EVENT_STORE } from '../../app/tokens';
import { decideAndAppend, type CommandMetadata, type DecideAndAppendResult } from '../../shared/commands/decide-and-append';
import type { IdSource } from '../../shared/idempotency/deterministic-ids';
import { contactGroupDecider, type ContactGroupCommand, type ContactGroupState } from './decide/contact-group.decider';

const contactGroupSchemaVersions = Object.fromEntries(contactGroupEvents.map((e) => [e.type, e.schemaVersion])) as Record<ContactGroupEvent['type'], number>;

/** Contact streams read at once while checking the contacts to add. */
const READ_CONCURRENCY = 8;

/** The team's contact groups (manage_contact, checked at the HTTP edge); every command decides on `contact-group-<groupId>`. */
@Injectable()
export class ContactGroupsService {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async create(teamId: string, body: CreateContactGroupBody, metadata: CommandMetadata, ids: IdSource) {
    const groupId = ids.next('groupId');
    const result = await this.decide(teamId, groupId, { type: 'CreateContactGroup', teamId, groupId, ...body }, metadata, ids);
    return { groupId, checkpoint: result.checkpoint };
  }

  async edit(teamId: string, groupId: string, body: EditContactGroupBody, metadata: CommandMetadata, ids: IdSource) {
    const result = await this.decide(teamId, groupId, { type: 'EditContactGroup', teamId, groupId, ...body }, metadata, ids);
    return { groupId, changed: result.events.length > 0, checkpoint: result.checkpoint };
  }

  async remove(teamId: string, groupId: string, metadata: CommandMetadata, ids: IdSource) {
    const result = await this.decide(teamId, groupId, { type: 'RemoveContactGroup', teamId, groupId }, metadata, ids);
    return { groupId, removed: result.events.length > 0, checkpoint: result.checkpoint };
  }

  async changeMembers(teamId: string, groupId: string, body: ChangeContactGroupMembersBody, metadata: CommandMetadata, ids: IdSource) {
    const liveContacts = await this.liveContactsOf(teamId, body.add);
    const result = await this.decide(teamId, groupId, {
      type: 'ChangeContactGroupMembers', teamId, groupId, add: body.add, remove: body.remove, liveContacts,
    }, metadata, ids);
    const [event] = result.events;
    const changed = event?.type === 'ContactGroupMembersChanged' ? event.data : { added: [], removed: [] };
    return { groupId, added: changed.added.length, removed: changed.removed.length, checkpoint: result.checkpoint };
  }

  /**
   * Those of `contactIds` that are contacts of the team and not removed, from their own streams:
   * the contacts read model may lag behind a contact created a moment ago, its stream never does.
   */
  private async liveContactsOf(teamId: string, contactIds: readonly string[]): Promise<string[]> {
    const unique = [...new Set(contactIds)];
    const live: string[] = [];
    for (let start = 0; start < unique.length; start += READ_CONCURRENCY) {
      const chunk = unique.slice(start, start + READ_CONCURRENCY);
      const found = await Promise.all(chunk.map(async (contactId) => ((await this.isLiveContact(teamId, contactId)) ? [contactId] : [])));
      live.push(...found.flat());
    }
    return live;
  }

  private async isLiveContact(teamId: string, contactId: string): Promise<boolean> {
    const slice = await this.store.readStream(contactStream(contactId));
    let ofTeam = false;
    let removed = false;
    for (const event of slice.events) {
      if (event.type === 'ContactCreated') ofTeam = (event.data as { teamId?: unknown }).teamId === teamId;
      if (event.type === 'ContactRemoved') removed = true;
    }
    return ofTeam && !removed;
  }

  private decide(teamId: string, groupId: string, command: ContactGroupCommand, metadata: CommandMetadata, ids: IdSource): Promise<DecideAndAppendResult<ContactGroupEvent>> {
    return decideAndAppend<ContactGroupCommand, ContactGroupEvent, ContactGroupState>({
      store: this.store,
      streamId: contactGroupStream(groupId),
      decider: contactGroupDecider,
      command,
      // The team's log shows its groups' changes.
      metadata: { ...metadata, teamId },
      ids,
      schemaVersions: contactGroupSchemaVersions,
      mode: 'loaded',
    });
  }
}
