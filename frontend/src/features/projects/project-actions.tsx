import { useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { useDevMode } from '../dev';
import { downloadFile, type DownloadProgress } from '../../shared/download';
import { CopyProjectDialog } from './project-dialogs/copy-project-dialog';
import { InviteDialog } from './invite/lazy-invite-dialog';
import { ProjectSettingsDialog, type SettingsProject } from './project-dialogs/project-settings-dialog';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { projectPaths } from './project.paths';
import {
  exportUrl, useChangeStatusMutation, useCleanProjectMutation, usePurgeProjectMutation, type ProjectVisibility,
} from './projects.api';
import { ProgressBar, useConfirm, type MenuEntry } from '../../shared/ui';
import { untyped } from '../../shared/untyped-messages';

export const actionMessages = untyped(defineMessages({
  menu: { id: 'projects.menu.label', defaultMessage: 'Aktionen für {name}', description: 'Label of a context menu button' },
  open: { id: 'projects.menu.open', defaultMessage: 'Bearbeiten', description: 'Opens the project editor' },
  view: { id: 'projects.menu.view', defaultMessage: 'Öffentliche Ansicht öffnen', description: 'Opens /{prjLink}' },
  settings: { id: 'projects.menu.settings', defaultMessage: 'Einstellungen', description: 'Project settings' },
  release: { id: 'projects.menu.release', defaultMessage: 'Freigeben', description: 'Releases a planning project (3 → 1)' },
  copy: { id: 'projects.menu.copy', defaultMessage: 'Kopieren', description: 'Copies the project' },
  preset: { id: 'projects.menu.preset', defaultMessage: 'Neue Vorlage', description: 'Saves the project as a preset' },
  clean: { id: 'projects.menu.clean', defaultMessage: 'Leeren', description: 'Deletes every sign-up of the project' },
  cleanConfirm: { id: 'projects.menu.cleanConfirm', defaultMessage: 'Alle Eintragungen aller Listen von „{name}“ löschen?', description: 'Confirmation of clean' },
  cleaned: { id: 'projects.menu.cleaned', defaultMessage: '{count, plural, one {# Eintragung} other {# Eintragungen}} gelöscht.', description: 'Popup after cleaning' },
  exportCsv: { id: 'projects.menu.exportCsv', defaultMessage: 'Export CSV', description: 'Exports as CSV' },
  exportXlsx: { id: 'projects.menu.exportXlsx', defaultMessage: 'Export Excel (XLSX)', description: 'Exports as XLSX' },
  invite: { id: 'projects.menu.invite', defaultMessage: 'Einladen', description: 'Invites to the project (share its link)' },
  delete: { id: 'projects.menu.delete', defaultMessage: 'In den Papierkorb', description: 'Soft delete (status 0)' },
  deleteConfirm: { id: 'projects.menu.deleteConfirm', defaultMessage: '„{name}“ in den Papierkorb verschieben?', description: 'Confirmation of the soft delete' },
  restore: { id: 'projects.menu.restore', defaultMessage: 'Wiederherstellen', description: 'Restores from the trash' },
  purge: { id: 'projects.menu.purge', defaultMessage: 'Endgültig löschen', description: 'Permanent delete' },
  purgeConfirm: { id: 'projects.menu.purgeConfirm', defaultMessage: '„{name}“ endgültig löschen? Das kann nicht rückgängig gemacht werden.', description: 'Confirmation of the permanent delete' },
  done: { id: 'projects.menu.done', defaultMessage: 'Erledigt.', description: 'Popup after an action' },
  exporting: { id: 'projects.export.progress', defaultMessage: 'Export läuft …', description: 'Label of the export progress' },
  exported: { id: 'projects.export.done', defaultMessage: 'Der Export wurde heruntergeladen.', description: 'Popup after an export' },
}));

export interface ActionProject extends SettingsProject {
  link: string;
  shareHash: string;
  visibility: ProjectVisibility;
}

type ProjectDialog = 'settings' | 'copy' | 'preset' | 'invite' | null;

/** Runs an export with progress; the element shows the bar and a failure. */
export function useExport(): { run: (path: string, name: string) => Promise<void>; element: ReactNode; busy: boolean } {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  async function run(path: string, name: string) {
    setError(undefined);
    setProgress({ received: 0, total: null });
    const result = await downloadFile(path, name, setProgress);
    setProgress(null);
    if (result.ok) dispatch(popupShown({ message: actionMessages.exported, tone: 'success' }));
    else setError(result.error);
  }
  const element = (
    <>
      {progress && <ProgressBar label={intl.formatMessage(actionMessages.exporting)} value={progress.received} max={progress.total} />}
      <ProjectErrorAlert error={error} />
    </>
  );
  return { run, element, busy: progress !== null };
}

/**
 * The project context menu of spec section 2: delete soft (status 0), restore, permanent delete
 * (only from the trash or in development mode), copy, clean, export, new preset, settings, invite;
 * plus release (planning → active, owner) and open.
 */
export function useProjectActions(teamId: string, ccLink: string, isOwner: boolean): {
  entriesFor: (project: ActionProject, options?: { inEditor?: boolean }) => MenuEntry[];
  /** Opens the invitation dialog (mail, QR code, share). */
  invite: (project: ActionProject) => void;
  runExport: (project: ActionProject, format: 'csv' | 'xlsx') => void;
  element: ReactNode;
} {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { devMode } = useDevMode();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [open, setOpen] = useState<{ kind: ProjectDialog; project: ActionProject } | null>(null);
  const [changeStatus, statusState] = useChangeStatusMutation();
  const [purge, purgeState] = usePurgeProjectMutation();
  const [clean, cleanState] = useCleanProjectMutation();
  const exporter = useExport();
  const [lastError, setLastError] = useState<'status' | 'purge' | 'clean' | null>(null);
  const manageHref = projectPaths.manageProjects.href(ccLink);

  const done = () => dispatch(popupShown({ message: actionMessages.done, tone: 'success' }));

  function runExport(project: ActionProject, format: 'csv' | 'xlsx') {
    void exporter.run(exportUrl(teamId, project.projectId, format), `${project.link}.${format}`);
  }

  function entriesFor(project: ActionProject, options: { inEditor?: boolean } = {}): MenuEntry[] {
    const ref = { teamId, projectId: project.projectId };
    const values = { name: project.name };
    const inTrash = project.status === 0;
    return [
      { key: 'open', label: intl.formatMessage(actionMessages.open), primary: true, hidden: options.inEditor, onSelect: () => void navigate(projectPaths.manageProject.href(ccLink, project.projectId)) },
      { key: 'view', label: intl.formatMessage(actionMessages.view), hidden: inTrash, onSelect: () => void navigate(projectPaths.projectView.href(project.link)) },
      {
        key: 'release', label: intl.formatMessage(actionMessages.release), hidden: !(project.status === 3 && isOwner),
        onSelect: () => {
          setLastError('status');
          void changeStatus({ ...ref, body: { status: 1 } }).then((result) => result.data && done());
        },
      },
      { key: 'settings', label: intl.formatMessage(actionMessages.settings), hidden: inTrash, onSelect: () => setOpen({ kind: 'settings', project }) },
      { key: 'invite', label: intl.formatMessage(actionMessages.invite), hidden: inTrash, onSelect: () => setOpen({ kind: 'invite', project }) },
      { key: 'copy', label: intl.formatMessage(actionMessages.copy), hidden: inTrash, onSelect: () => setOpen({ kind: 'copy', project }) },
      { key: 'preset', label: intl.formatMessage(actionMessages.preset), hidden: inTrash || project.status === 2, onSelect: () => setOpen({ kind: 'preset', project }) },
      {
        key: 'clean', label: intl.formatMessage(actionMessages.clean), hidden: inTrash,
        onSelect: () => void (async () => {
          if (!(await confirm(intl.formatMessage(actionMessages.cleanConfirm, values), { confirmLabel: intl.formatMessage(actionMessages.clean), danger: true }))) return;
          setLastError('clean');
          const result = await clean(ref);
          if (result.data) dispatch(popupShown({ message: actionMessages.cleaned, values: { count: result.data.cleared }, tone: 'success' }));
        })(),
      },
      { key: 'csv', label: intl.formatMessage(actionMessages.exportCsv), onSelect: () => runExport(project, 'csv') },
      { key: 'xlsx', label: intl.formatMessage(actionMessages.exportXlsx), onSelect: () => runExport(project, 'xlsx') },
      {
        key: 'delete', label: intl.formatMessage(actionMessages.delete), danger: true, hidden: inTrash,
        onSelect: () => void (async () => {
          if (!(await confirm(intl.formatMessage(actionMessages.deleteConfirm, values), { confirmLabel: intl.formatMessage(actionMessages.delete), danger: true }))) return;
          setLastError('status');
          const result = await changeStatus({ ...ref, body: { status: 0 } });
          if (result.data) done();
        })(),
      },
      {
        key: 'restore', label: intl.formatMessage(actionMessages.restore), hidden: !inTrash,
        onSelect: () => {
          setLastError('status');
          void changeStatus({ ...ref, body: { restore: true } }).then((result) => result.data && done());
        },
      },
      {
        key: 'purge', label: intl.formatMessage(actionMessages.purge), danger: true, hidden: !(inTrash || devMode),
        onSelect: () => void (async () => {
          if (!(await confirm(intl.formatMessage(actionMessages.purgeConfirm, values), { confirmLabel: intl.formatMessage(actionMessages.purge), danger: true }))) return;
          setLastError('purge');
          const result = await purge(ref);
          if (result.data) {
            done();
            if (options.inEditor) void navigate(manageHref);
          }
        })(),
      },
    ];
  }

  const errorOf: Record<'status' | 'purge' | 'clean', ApiError | SerializedError | undefined> = {
    status: statusState.error, purge: purgeState.error, clean: cleanState.error,
  };
  const element = (
    <>
      {lastError && <ProjectErrorAlert error={errorOf[lastError]} changeStatusHref={manageHref} upgradeHref={projectPaths.teamSetup.href(teamId)} />}
      {exporter.element}
      {confirmDialog}
      {open?.kind === 'settings' && (
        <ProjectSettingsDialog teamId={teamId} project={open.project} isOwner={isOwner} manageProjectsHref={manageHref} onClose={() => setOpen(null)} />
      )}
      {(open?.kind === 'copy' || open?.kind === 'preset') && (
        <CopyProjectDialog
          teamId={teamId}
          project={open.project}
          asPreset={open.kind === 'preset'}
          onClose={() => setOpen(null)}
          onCopied={(projectId) => {
            const preset = open.kind === 'preset';
            setOpen(null);
            void navigate(preset ? projectPaths.preset.href(ccLink, projectId) : projectPaths.manageProject.href(ccLink, projectId));
          }}
        />
      )}
      {open?.kind === 'invite' && <InviteDialog teamId={teamId} project={open.project} onClose={() => setOpen(null)} />}
    </>
  );
  return { entriesFor, invite: (project) => setOpen({ kind: 'invite', project }), runExport, element };
}
