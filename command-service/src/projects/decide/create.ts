import {
  checkSoloLimits,
  DEFAULT_PROJECT_SETTINGS,
  DomainError,
  itemsOf,
  type ExistingProject,
  type ProjectEvent,
  type ProjectSettings,
  type ProjectState,
  type ProjectVisibility,
  type TeamPlanState,
} from '@planwerk/events';
import { copyTreeEvents, daysBetween, type IdMap } from './project-copy.decider';
import { requireOutOfTrash, requireUnlocked, type ProjectActor, type ProjectCommandBase } from './guards';

// New project streams: a project created empty, or a copy of another one with its tree.

export interface NewProjectData {
  projectId: string;
  teamId: string;
  link: string;
  name: string;
  shareHash: string;
  createdBy: string;
  createdAt: string;
}

export type CreateProject = ProjectCommandBase & NewProjectData & {
  type: 'CreateProject'; colour: number; visibility: ProjectVisibility; settings: Partial<ProjectSettings>; startDate: string | null;
};

/** A copy of a whole project into a new stream (copy, save as preset, project from preset). */
export interface CopyProjectCommand {
  type: 'CopyProject';
  source: ExistingProject;
  target: NewProjectData & { startDate: string | null };
  /** copy → planning (3), preset → template (2), fromPreset → planning from a template. */
  mode: 'copy' | 'preset' | 'fromPreset';
  ids: IdMap;
  actor: ProjectActor;
  plan: TeamPlanState;
}

export function decideCreate(command: CreateProject, state: ProjectState): ProjectEvent[] {
  if (state.exists || state.purged) throw new DomainError('conflict', { details: { projectId: command.projectId } });
  return [{
    type: 'ProjectCreated',
    data: {
      projectId: command.projectId, teamId: command.teamId, link: command.link, name: command.name, colour: command.colour, status: 3,
      visibility: command.visibility, settings: { ...DEFAULT_PROJECT_SETTINGS, ...command.settings }, shareHash: command.shareHash,
      startDate: command.startDate, createdBy: command.createdBy, createdAt: command.createdAt, copiedFrom: null,
    },
  }];
}

/** Events of a new project stream that copies `source` (ProjectCreated, then its tree). */
export function decideCopyProject(command: CopyProjectCommand): ProjectEvent[] {
  const { source, target, mode } = command;
  if (mode === 'fromPreset' && source.status !== 2) throw new DomainError('not_found', { details: { presetId: source.projectId } });
  if (mode !== 'fromPreset') requireOutOfTrash(source);
  requireUnlocked(source, command.actor);
  for (const list of source.lists) {
    checkSoloLimits(command.plan, { items: itemsOf(source, list.listId).length, columns: list.fields.length });
  }
  const startDate = target.startDate === null ? source.startDate : target.startDate;
  // A template copies to planning (3) with its dates shifted to the new start date; "save as
  // preset" makes a template (2). A password project's hash is copied by a visibility event
  // right after the creation (ProjectCreated carries no hash).
  const status = mode === 'preset' ? 2 : 3;
  const created: ProjectEvent = {
    type: 'ProjectCreated',
    data: {
      projectId: target.projectId, teamId: target.teamId, link: target.link, name: target.name, colour: source.colour, status,
      visibility: source.visibility === 'password' ? 'admins' : source.visibility, settings: source.settings,
      shareHash: target.shareHash, startDate, createdBy: target.createdBy, createdAt: target.createdAt,
      copiedFrom: { projectId: source.projectId, kind: mode === 'fromPreset' ? 'preset' : 'copy' },
    },
  };
  const visibility: ProjectEvent[] = source.visibility === 'password' && source.passwordHash !== null
    ? [{ type: 'ProjectVisibilityChanged', data: { projectId: target.projectId, visibility: 'password', passwordHash: source.passwordHash } }]
    : [];
  const tree = copyTreeEvents(source, {
    projectId: target.projectId, sourceProjectId: source.projectId, ids: command.ids, shiftDays: daysBetween(source.startDate, startDate),
  });
  return [created, ...visibility, ...tree];
}
