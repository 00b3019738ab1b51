import { Injectable } from '@nestjs/common';
import { commentAccess, DomainError, parseCommentPath, type AddCommentBody, type ProjectState } from '@planwerk/events';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { CommentRepository } from './comment.repository';

export interface CommentAnswer {
  commentId: string;
  path: string;
  checkpoint: string;
}

/** POST and DELETE of comments (spec section 7): the path names the project whose stream decides. */
@Injectable()
export class CommentsService {
  constructor(private readonly comments: CommentRepository) {}

  async add(userId: string, body: AddCommentBody, metadata: CommandMetadata, ids: IdSource, now: Date): Promise<CommentAnswer> {
    const projectId = projectOf(body.path);
    const commentId = ids.next('commentId');
    const { project, viewer } = await this.context(projectId, userId);
    // A blocked project takes no new comments from non-admins, as it takes no sign-ups.
    if (!commentAccess(project, viewer).admin && (await this.comments.isBlocked(project))) throw new DomainError('project_blocked');
    const result = await this.comments.decide(projectId, {
      type: 'AddComment', project, viewer, commentId, path: body.path, text: body.text, at: now.toISOString(),
    }, withTeam(metadata, project), ids);
    return { commentId, path: body.path, checkpoint: result.checkpoint };
  }

  async remove(userId: string, commentId: string, path: string, metadata: CommandMetadata, ids: IdSource): Promise<CommentAnswer & { removed: boolean }> {
    const projectId = projectOf(path);
    const { project, viewer } = await this.context(projectId, userId);
    const result = await this.comments.decide(projectId, { type: 'RemoveComment', project, viewer, commentId, path }, withTeam(metadata, project), ids);
    return { commentId, path, removed: result.events.length > 0, checkpoint: result.checkpoint };
  }

  private async context(projectId: string, userId: string) {
    const project = await this.comments.loadProject(projectId);
    const viewer = await this.comments.loadViewer(project, userId);
    return { project, viewer };
  }
}

// The body was validated: its path is canonical and names a project.
function projectOf(path: string): string {
  const target = parseCommentPath(path);
  if (target === null) throw new DomainError('validation_failed', { field: 'path' });
  return target.projectId;
}

// The project's team owns the comment events (activity log per team).
function withTeam(metadata: CommandMetadata, project: ProjectState): CommandMetadata {
  return { ...metadata, teamId: project.exists ? project.teamId : null };
}
