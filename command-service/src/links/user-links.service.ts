import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  DomainError,
  userLinkSchemaVersions,
  userLinksStream,
  WrongExpectedVersion,
  type AppendResult,
  type ConnectUserLinkBody,
  type DisconnectUserLinkBody,
  type EventStore,
  type LinkEntry,
  type NewEvent,
  type UserLinkEvent,
} from '@planwerk/events';
import {
  withTransaction,
  appendEvents,
  findLinkTarget,
  listUserLinks,
  loadTeamMembership,
  migrateTeams,
  migrateUserLinks,
  projectUserLinkEvents,
} from '@planwerk/platform';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { userLinksDecider, type UserLinksCommand } from './decide/user-links.decider';

export interface LinkCommandInput {
  metadata: CommandMetadata;
  ids: IdSource;
}

export interface ConnectResult {
  team: { cc_id: string; link: string; name: string };
  link: string;
  add_link: LinkEntry;
  name: string;
  checkpoint: string;
}

/** Connect and disconnect on `user-links-<userId>`, with `user_links` written in the same transaction. */
@Injectable()
export class UserLinksService implements OnModuleInit {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async onModuleInit(): Promise<void> {
    // The link list joins the team tables: whichever service starts first creates them.
    await migrateTeams(this.pool);
    await migrateUserLinks(this.pool);
  }

  async connect(userId: string, body: ConnectUserLinkBody, input: LinkCommandInput, now: Date): Promise<ConnectResult> {
    const target = await findLinkTarget(this.pool, body.obj, body.id);
    // A team link tells outsiders nothing (ADR 0005): a team the caller is no active member of
    // answers the same 404 as an unknown link, so neither its existence nor its name leaks.
    if (!target || !(await this.isMember(target.ccId, userId))) throw new DomainError('not_found', { field: 'id' });
    const command: UserLinksCommand = { type: 'ConnectUserLink', data: { userId, obj: body.obj, targetId: target.targetId, ccId: target.ccId, now } };
    const append = await this.run(userId, command, { ...input, metadata: { ...input.metadata, teamId: target.ccId } });
    const entry = (await listUserLinks(this.pool, userId)).find((e) => e.obj === body.obj && e.id === target.targetId);
    if (!entry) throw new Error(`Connected link ${body.obj}:${target.targetId} is missing from the link list`);
    return {
      team: { cc_id: target.ccId, link: target.link, name: target.name },
      link: target.link, add_link: entry, name: target.name, checkpoint: append.checkpoint,
    };
  }

  async disconnect(userId: string, body: DisconnectUserLinkBody, input: LinkCommandInput, now: Date): Promise<{ disconnected: true; checkpoint: string }> {
    // A team named by its link is disconnected by its id, as saved.
    const target = await findLinkTarget(this.pool, body.obj, body.id);
    const targetId = target?.targetId ?? body.id;
    const command: UserLinksCommand = { type: 'DisconnectUserLink', data: { userId, obj: body.obj, targetId, force: body.force, now } };
    const append = await this.run(userId, command, { ...input, metadata: { ...input.metadata, teamId: target?.ccId ?? null } });
    return { disconnected: true, checkpoint: append.checkpoint };
  }

  private async isMember(teamId: string, userId: string): Promise<boolean> {
    return (await loadTeamMembership(this.pool, teamId, userId))?.member != null;
  }

  // Load → decide → append with the stream's version; a concurrent change is retried on fresh state.
  private async run(userId: string, command: UserLinksCommand, input: LinkCommandInput): Promise<AppendResult> {
    const streamId = userLinksStream(userId);
    for (let attempt = 1; ; attempt += 1) {
      const slice = await this.store.readStream(streamId);
      const state = slice.events.reduce(
        (s, e) => userLinksDecider.evolve(s, { type: e.type, data: e.data } as UserLinkEvent),
        userLinksDecider.initialState(),
      );
      const events = userLinksDecider.decide(command, state);
      try {
        return await this.append(streamId, slice.version, events, input, attempt);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion) || attempt >= 3) throw error;
      }
    }
  }

  private async append(streamId: string, version: number, events: UserLinkEvent[], input: LinkCommandInput, attempt: number): Promise<AppendResult> {
    const { metadata } = input;
    const stored: NewEvent[] = events.map((event, index) => ({
      eventId: input.ids.next(`event:${streamId}:${attempt}:${index}`),
      type: event.type,
      data: event.data,
      metadata: {
        commandId: metadata.commandId, correlationId: metadata.correlationId, causationId: metadata.causationId,
        actor: metadata.actor, teamId: metadata.teamId, schemaVersion: userLinkSchemaVersions[event.type],
      },
    }));
    return withTransaction(this.pool, async (client) => {
      const result = await appendEvents(client, streamId, stored, version === 0 ? 'no_stream' : version);
      await projectUserLinkEvents(client, events);
      return result;
    });
  }
}
