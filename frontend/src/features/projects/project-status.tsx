import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { projectStatusName, projectStatusTone, type ProjectStatus, type ProjectStatusName } from '@planwerk/events/constants';
import { untyped } from '../../shared/untyped-messages';
import { colourMessages, colourName } from '../../shared/colour-messages';

// Project status display of spec section 4: deleted danger, preset warning, planning info,
// active primary; a lock overrides every status and shows "locked" in gray.
export const statusMessages = untyped(defineMessages({
  deleted: { id: 'projects.status.deleted', defaultMessage: 'Gelöscht', description: 'Project status 0 (trash)' },
  active: { id: 'projects.status.active', defaultMessage: 'Aktiv', description: 'Project status 1' },
  template: { id: 'projects.status.template', defaultMessage: 'Vorlage', description: 'Project status 2 (preset/template)' },
  planning: { id: 'projects.status.planning', defaultMessage: 'In Planung', description: 'Project status 3' },
  successful: { id: 'projects.status.successful', defaultMessage: 'Abgeschlossen', description: 'Project status 4' },
  hidden: { id: 'projects.status.hidden', defaultMessage: 'Versteckt', description: 'Project status 5' },
  archived: { id: 'projects.status.archived', defaultMessage: 'Archiviert', description: 'Project status 10' },
  locked: { id: 'projects.status.locked', defaultMessage: 'Gesperrt', description: 'A locked project, whatever its status' },
})) satisfies Record<ProjectStatusName | 'locked', MessageDescriptor>;

export function StatusBadge({ status, locked }: { status: ProjectStatus; locked: boolean }) {
  const intl = useIntl();
  const tone = projectStatusTone(status, locked);
  const label = locked ? statusMessages.locked : statusMessages[projectStatusName(status)];
  return <span className={`badge status status--${tone}`} data-testid="project-status">{intl.formatMessage(label)}</span>;
}

export function ColourDot({ colour }: { colour: number }) {
  const intl = useIntl();
  const name = colourName(colour);
  return <span className={`colour-dot colour-dot--${name}`} role="img" aria-label={intl.formatMessage(colourMessages[name])} />;
}
