import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@planwerk/platform';
import { DomainError } from '@planwerk/events';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { ACTIVE_PROJECT_SLOTS, type ActiveProjectSlots } from '../shared/slots/active-project-slots.port';
import { ProjectRepository } from './project.repository';
import { ProjectsService, type ProjectCaller } from './projects.service';

export interface SlotEndpointAnswer {
  teamId: string;
  projectId: string;
  activeProjects: string[];
  checkpoint: string;
}

/**
 * The HTTP slot endpoints of ADR 0005 (`POST/DELETE /v5/team/{teamId}/active-projects`),
 * decided together with the project (issue 12): the free plan's limit holds only while
 * "slot held ⇔ project active", so neither endpoint moves a slot on its own.
 *
 * - Claim = make the project active through the project decider (`ProjectsService.changeStatus`,
 *   which claims the slot on the team stream first: 6201 when the plan allows no further one);
 *   an active project without a slot (released by an unlock) claims it again, also under the limit.
 * - Release of a project that is still active is refused (`project_still_active`): leaving
 *   status 1 releases it. A project that is not active gives back a slot it still holds.
 * - A project of another team, or no project at all, answers 404 like every project route.
 */
@Injectable()
export class ProjectSlotsService {
  constructor(
    @Inject(ACTIVE_PROJECT_SLOTS) private readonly slots: ActiveProjectSlots,
    private readonly projects: ProjectRepository,
    private readonly service: ProjectsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async claim(caller: ProjectCaller, projectId: string, metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now()): Promise<SlotEndpointAnswer> {
    const { teamId } = caller;
    await this.projects.loadOfTeam(teamId, projectId);
    const changed = await this.service.changeStatus(caller, projectId, { status: 1 }, metadata, ids, now);
    const held = await this.slots.activeProjects(teamId);
    if (held.includes(projectId)) return { teamId, projectId, activeProjects: held, checkpoint: changed.checkpoint };
    const claimed = await this.slots.claim(teamId, projectId, { ...metadata, teamId }, { deterministic: ids.deterministic, next: (label) => ids.next(`reclaim:${label}`) }, now);
    return { teamId, projectId, activeProjects: claimed.activeProjects, checkpoint: this.projects.latest(changed.checkpoint, claimed.checkpoint) };
  }

  async release(caller: ProjectCaller, projectId: string, metadata: CommandMetadata, ids: IdSource): Promise<SlotEndpointAnswer> {
    const { teamId } = caller;
    const { state } = await this.projects.loadOfTeam(teamId, projectId);
    if (state.status === 1) throw new DomainError('project_still_active', { details: { projectId } });
    const released = await this.slots.release(teamId, projectId, { ...metadata, teamId }, ids);
    // A status change to 1 claims its slot before it appends: when one committed meanwhile, its
    // slot is given back to it (under the limit) so an active project never loses it here.
    const now = await this.projects.load(projectId);
    if (now.state.exists && now.state.status === 1 && !released.activeProjects.includes(projectId)) {
      const reclaimed = await this.slots.claim(teamId, projectId, { ...metadata, teamId }, { deterministic: ids.deterministic, next: (label) => ids.next(`reclaim:${label}`) });
      return { teamId, projectId, activeProjects: reclaimed.activeProjects, checkpoint: this.projects.latest(released.checkpoint, reclaimed.checkpoint) };
    }
    return { teamId, projectId, activeProjects: released.activeProjects, checkpoint: released.checkpoint };
  }
}
