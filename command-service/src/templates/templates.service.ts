import { Inject, Injectable } from '@nestjs/common';
import { appendEvents, CLOCK, type Clock, findTeamById, withTransaction } from '@planwerk/platform';
import {
  DomainError,
  findProjectTemplate,
  projectLinkStreamId,
  projectSchemaVersions,
  projectStreamId,
  WrongExpectedVersion,
  type ApplyTemplateBody,
  type EventStore,
  type MemberLevel,
  type ProjectEvent,
  type ProjectLinkReservedEvent,
} from '@planwerk/events';
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import { toNewEvents, type CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { ACTIVE_PROJECT_SLOTS, type ActiveProjectSlots } from '../shared/slots/active-project-slots.port';
import { decideApplyTemplate } from './decide/apply-template.decider';

export interface TemplateCaller {
  teamId: string;
  userId: string;
  level: MemberLevel;
}

/**
 * Applies a template of the gallery: the new project's link (`no_stream`, one project per link)
 * and its stream commit together, as when the editor creates a project. Released at once
 * (`activate`), the free plan's slot is claimed first (6201 when taken, nothing created) and
 * given back when the append fails.
 */
@Injectable()
export class TemplatesService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ACTIVE_PROJECT_SLOTS) private readonly slots: ActiveProjectSlots,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async apply(caller: TemplateCaller, templateId: string, input: ApplyTemplateBody, metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now()) {
    const template = findProjectTemplate(templateId);
    if (template === undefined) throw new DomainError('not_found', { details: { templateId } });
    const team = await findTeamById(this.pool, caller.teamId);
    if (team === null) throw new DomainError('not_found');
    const projectId = ids.next('projectId');
    const made = new Map<string, string>();
    const events = decideApplyTemplate({
      type: 'ApplyTemplate', template, activate: input.activate, actor: { userId: caller.userId, level: caller.level },
      plan: { plan: team.plan, lapsed: team.planLapsed },
      target: {
        projectId, teamId: caller.teamId, link: input.link, name: input.name, shareHash: randomBytes(16).toString('base64url'),
        createdBy: caller.userId, createdAt: now.toISOString(), startDate: input.startDate, startTime: input.startTime ?? template.defaultStartTime,
        locale: input.locale, utcOffset: input.utcOffset,
        newId: (key) => made.get(key) ?? made.set(key, ids.next(`template:${key}`)).get(key)!,
      },
    });
    const teamMetadata = { ...metadata, teamId: caller.teamId };
    const claimed = input.activate ? (await this.slots.claim(caller.teamId, projectId, teamMetadata, ids, now)).checkpoint : null;
    try {
      const checkpoint = await this.create(projectId, input.link, events, teamMetadata, ids);
      return { projectId, link: input.link, status: input.activate ? 1 : 3, checkpoint: claimed === null ? checkpoint : this.latest(checkpoint, claimed) };
    } catch (error) {
      if (claimed !== null) {
        await this.slots.release(caller.teamId, projectId, teamMetadata, { deterministic: ids.deterministic, next: (label) => ids.next(`release:compensate:${label}`) });
      }
      throw error;
    }
  }

  private async create(projectId: string, link: string, events: ProjectEvent[], metadata: CommandMetadata, ids: IdSource): Promise<string> {
    const reserved: ProjectLinkReservedEvent[] = [{ type: 'ProjectLinkReserved', data: { projectId, link } }];
    const version = (type: string) => projectSchemaVersions[type as keyof typeof projectSchemaVersions];
    try {
      const appended = await withTransaction(this.pool, async (client) => {
        await appendEvents(client, projectLinkStreamId(link), toNewEvents(projectLinkStreamId(link), reserved, metadata, ids, version), 'no_stream');
        return appendEvents(client, projectStreamId(projectId), toNewEvents(projectStreamId(projectId), events, metadata, ids, version), 'no_stream');
      });
      return appended.checkpoint;
    } catch (error) {
      if (error instanceof WrongExpectedVersion && error.streamId === projectLinkStreamId(link)) throw new DomainError('project_link_taken', { field: 'link' });
      if (error instanceof WrongExpectedVersion) throw new DomainError('conflict', { details: { streamId: error.streamId } });
      throw error;
    }
  }

  private latest(a: string, b: string): string {
    return this.store.compareCheckpoints(a, b) >= 0 ? a : b;
  }
}
