import { Inject, Injectable } from '@nestjs/common';
import {
  ProjectInvitationSent,
  projectInvitePersonId,
  projectInvitesStreamId,
  type EventStore,
  type InviteToProjectBody,
} from '@planwerk/events';
import { EVENT_STORE } from '../app/tokens';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { ProjectRepository } from './project.repository';
import type { ProjectCaller } from './projects.service';
import { appendOnce } from '../shared/idempotency/append-once';
import { decideInviteToProject, type InviteToProject } from './decide/project-invite.decider';

export interface InviteAnswer {
  projectId: string;
  invitationIds: string[];
  invited: number;
  checkpoint: string;
}

/**
 * "Invite" of the project context menu (spec section 2), modelled on the list notice: one
 * `ProjectInvitationSent` per address on `project-invites-<projectId>`, each turned into a
 * `project-invite` mail by the mail reactor. The store's append encrypts the address
 * (personal field `email`, personId `project-invite-<invitationId>`); the project's own
 * stream is only read, so an invitation never races a structure edit.
 */
@Injectable()
export class ProjectInvitesService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projects: ProjectRepository,
  ) {}

  async invite(caller: ProjectCaller, projectId: string, body: InviteToProjectBody, metadata: CommandMetadata, ids: IdSource, now: Date): Promise<InviteAnswer> {
    // Another team's or a purged project: 404 (it tells nothing about itself).
    const { state: project } = await this.projects.loadOfTeam(caller.teamId, projectId);
    const invitations = body.emails.map((email, index) => ({ email, invitationId: ids.next(`invitationId:${index}`) }));
    const command: InviteToProject = { type: 'InviteToProject', projectId, invitations, message: body.message, invitedBy: caller.userId, at: now.toISOString() };
    const events = decideInviteToProject(command, project);
    const streamId = projectInvitesStreamId(projectId);
    // A retry under the same Idempotency-Key whose invitations are in already is answered by that append.
    const result = await appendOnce(this.store, streamId, events.map((event) => ({
      eventId: ids.next(`event:${streamId}:${event.data.invitationId}`),
      type: event.type,
      data: event.data,
      metadata: {
        commandId: metadata.commandId, correlationId: metadata.correlationId, causationId: metadata.causationId,
        actor: metadata.actor, teamId: caller.teamId, personId: projectInvitePersonId(event.data.invitationId),
        // The message is the inviter's words: encrypted with the inviter's key (rule 8).
        authorPersonId: caller.userId,
        schemaVersion: ProjectInvitationSent.schemaVersion,
      },
    })), { expectedVersion: 'any' }, ids);
    return { projectId, invitationIds: invitations.map((i) => i.invitationId), invited: invitations.length, checkpoint: result.checkpoint };
  }
}
