import { Inject, Injectable } from '@nestjs/common';
import {
  commentPersonId,
  commentSchemaVersions,
  commentsStreamId,
  type CommentEvent,
  type CommentViewer,
  type EventStore,
  type ProjectState,
} from '@planwerk/events';
import { isProjectBlocked, loadCommentViewer, loadProjectState } from '@planwerk/platform';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import { decideAndAppend, type CommandMetadata, type DecideAndAppendResult } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { commentsDecider, type CommentCommand, type CommentsState } from './decide/comment.decider';

/** Reads the project and the viewer, and decides and appends on `comments-<projectId>`. */
@Injectable()
export class CommentRepository {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  loadProject(projectId: string): Promise<ProjectState> {
    return loadProjectState(this.store, projectId);
  }

  /** Blocked (ADR 0005/0006): active without its slot after the team's unlock. */
  async isBlocked(project: ProjectState): Promise<boolean> {
    return project.exists && isProjectBlocked(this.pool, project);
  }

  loadViewer(project: ProjectState, userId: string): Promise<CommentViewer> {
    return loadCommentViewer(this.pool, project, userId);
  }

  /** Load → decide → append with the stream's version; a concurrent comment is decided again. */
  decide(projectId: string, command: CommentCommand, metadata: CommandMetadata, ids: IdSource): Promise<DecideAndAppendResult<CommentEvent>> {
    return decideAndAppend<CommentCommand, CommentEvent, CommentsState>({
      store: this.store,
      streamId: commentsStreamId(projectId),
      decider: commentsDecider,
      command,
      metadata,
      ids,
      schemaVersions: commentSchemaVersions,
      mode: 'loaded',
      // The text is its author's personal data: encrypted with their key (rule 8).
      personOf: (event) => (event.type === 'CommentAdded' ? commentPersonId(event.data.authorId, event.data.commentId) : undefined),
    });
  }
}
