import { Inject, Injectable } from '@nestjs/common';
import {
  contactEvents,
  contactMergeEvents,
  contactPersonId,
  contactStream,
  type ContactEvent,
  type ContactMergeEvent,
  type EventStore,
  type MergeContactsBody,
} from '@planwerk/events';
import { EVENT_STORE } from '../../app/tokens';
import { decideAndAppend, type CommandMetadata, type DecideAndAppendResult } from '../../shared/commands/decide-and-append';
import type { IdSource } from '../../shared/idempotency/deterministic-ids';
import {
  decideMerge,
  decideUndoMerge,
  evolveMergeContact,
  initialMergeContactState,
  type MergeContactState,
  type MergeContacts,
} from './decide/contact-merge.decider';

type StreamEvent = ContactEvent | ContactMergeEvent;
const schemaVersions = Object.fromEntries([...contactEvents, ...contactMergeEvents].map((e) => [e.type, e.schemaVersion])) as Record<StreamEvent['type'], number>;

/**
 * Merges two contacts and undoes merges (manage_contact, checked at the HTTP edge). Both
 * decisions are taken on both streams read first, so a refusal appends nothing; then the
 * survivor's stream is appended, then the other's. The store appends one stream at a time: a
 * crash between the two leaves the survivor done and the other still listed, and the client's
 * retry with the same idempotency key (the same merge id) appends the missing half only.
 */
@Injectable()
export class ContactMergeService {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async merge(teamId: string, body: MergeContactsBody, metadata: CommandMetadata, ids: IdSource) {
    const command: MergeContacts = {
      type: 'MergeContacts', teamId, mergeId: ids.next('mergeId'), survivorId: body.survivorId, mergedId: body.mergedId, fields: body.fields,
      ...(body.survivorVersion !== undefined ? { survivorVersion: body.survivorVersion } : {}),
      ...(body.mergedVersion !== undefined ? { mergedVersion: body.mergedVersion } : {}),
    };
    const [survivor, merged] = await Promise.all([this.load(body.survivorId), this.load(body.mergedId)]);
    const { changed } = decideMerge(command, survivor, merged);
    await this.append(teamId, body.survivorId, (state) => decideMerge(command, state, merged).survivor, metadata, ids);
    const last = await this.append(teamId, body.mergedId, (state) => decideMerge(command, survivor, state).merged, metadata, ids);
    return { mergeId: command.mergeId, survivorId: body.survivorId, mergedId: body.mergedId, changed, checkpoint: last.checkpoint };
  }

  async undo(teamId: string, mergeId: string, survivorId: string, metadata: CommandMetadata, ids: IdSource) {
    const command = { type: 'UndoContactMerge' as const, teamId, mergeId, survivorId };
    const survivor = await this.load(survivorId);
    const otherId = survivor.merges[mergeId]?.otherId;
    // An unknown merge is refused by the decision (mergeId) before any other stream is read.
    const merged = otherId === undefined ? initialMergeContactState() : await this.load(otherId);
    const decision = decideUndoMerge(command, survivor, merged);
    const first = await this.append(teamId, survivorId, (state) => decideUndoMerge(command, state, merged).survivor, metadata, ids);
    const last = otherId === undefined ? first : await this.append(teamId, otherId, (state) => decideUndoMerge(command, survivor, state).merged, metadata, ids);
    return { mergeId, undone: decision.survivor.length + decision.merged.length > 0, checkpoint: last.checkpoint };
  }

  private async load(contactId: string): Promise<MergeContactState> {
    const slice = await this.store.readStream(contactStream(contactId));
    return slice.events.reduce((state, event) => evolveMergeContact(state, event as unknown as StreamEvent), initialMergeContactState());
  }

  private append(
    teamId: string, contactId: string, decide: (state: MergeContactState) => ContactMergeEvent[], metadata: CommandMetadata, ids: IdSource,
  ): Promise<DecideAndAppendResult<StreamEvent>> {
    return decideAndAppend<null, StreamEvent, MergeContactState>({
      store: this.store,
      streamId: contactStream(contactId),
      decider: { initialState: initialMergeContactState, evolve: evolveMergeContact, decide: (_command, state) => decide(state) },
      command: null,
      metadata: { ...metadata, teamId },
      ids,
      schemaVersions,
      mode: 'loaded',
      // Each contact's details under its own key (ContactsMerged: the survivor's; ContactUnmerged: the other's).
      personOf: () => contactPersonId(contactId),
    });
  }
}
