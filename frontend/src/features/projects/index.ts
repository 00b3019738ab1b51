// The public entry of the projects feature: other features import only from here (ADR 0010).
export { fieldKindMessages } from './editor-dialogs/editor-dialogs.messages';
export { FieldKindSelect } from './editor-dialogs/field-kind-select';
export { ItemWhen, windowStateMessages } from './item-when';
export { useExport } from './project-actions';
export { NameAndLinkFields, useNameAndLink } from './project-dialogs/name-and-link-fields';
export { ColourDot, StatusBadge } from './project-status';
export { projectPaths } from './project.paths';
export type { ProjectViewName } from './project.paths';
export { useChangeStatusMutation, useCreateFromPresetMutation, useGetProjectTreeQuery, useListPresetsQuery, useListProjectsQuery, useRemovePresetColumnMutation, useSavePresetColumnMutation } from './projects.api';
export type { ItemView, ItemVote, ListField, ListView, PresetList, ProjectOverviewEntry, ProjectView, SignupStatus, SignupView } from './projects.api';
export { useManagedTeam } from './use-managed-team';
export type { ManagedTeam } from './use-managed-team';
export { InviteDialog, type InviteProject } from './invite/lazy-invite-dialog';
export { useReportInvitationMutation } from './invite/invite.api';
export { CreateProjectDialog } from './project-dialogs/create-project-dialog';
