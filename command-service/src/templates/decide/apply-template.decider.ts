import { checkSoloLimits, DomainError, type MemberLevel, type ProjectEvent, type ProjectTemplate, type TeamPlanState } from '@planwerk/events';
import { templateProjectEvents, type TemplateTarget } from './template-project';

// Apply a template of the gallery (issue 14): one decision over a new project stream. The
// project lands in planning (3) like a project from a preset; `activate` releases it at once,
// which only the owner may (the status machine of ADR 0006). The free plan's one active
// project is held on the team stream: the service claims that slot before appending.

export interface ApplyTemplate {
  type: 'ApplyTemplate';
  template: ProjectTemplate;
  target: TemplateTarget;
  activate: boolean;
  actor: { userId: string; level: MemberLevel };
  plan: TeamPlanState;
}

export function decideApplyTemplate(command: ApplyTemplate): ProjectEvent[] {
  if (command.activate && command.actor.level !== 'owner') {
    throw new DomainError('no_permission', { details: { reason: 'only the owner releases a project' } });
  }
  for (const list of command.template.phases.flatMap((phase) => phase.lists)) {
    checkSoloLimits(command.plan, { items: list.items.length, columns: list.fields.length });
  }
  const events = templateProjectEvents(command.template, command.target);
  if (!command.activate) return events;
  return [...events, { type: 'ProjectStatusChanged', data: { projectId: command.target.projectId, from: 3, to: 1 } }];
}
