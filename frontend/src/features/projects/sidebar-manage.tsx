import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { backupPaths } from '../backups';
import { projectPaths } from './project.paths';
import { untyped } from '../../shared/untyped-messages';

// Navigation entries of spec section 2 (projects, presets, backup, activity). Team "0" lets the
// navigation guard pick the last or only team.
const messages = untyped(defineMessages({
  heading: { id: 'projects.sidebar.heading', defaultMessage: 'Verwalten', description: 'Sidebar heading of the management entries' },
  projects: { id: 'projects.sidebar.projects', defaultMessage: 'Projekte', description: 'Sidebar entry: projects' },
  presets: { id: 'projects.sidebar.presets', defaultMessage: 'Vorlagen', description: 'Sidebar entry: presets' },
  backup: { id: 'projects.sidebar.backup', defaultMessage: 'Sicherungen', description: 'Sidebar entry: backups (restore points, restore and undo)' },
  activity: { id: 'projects.sidebar.activity', defaultMessage: 'Aktivität', description: 'Sidebar entry: activity log' },
}));

// `after` holds the entries of other areas that follow the projects in spec order (contacts).
export function SidebarManage({ after }: { after?: ReactNode }) {
  const intl = useIntl();
  return (
    <li>
      <p className="sidebar__heading" id="sidebar-manage">{intl.formatMessage(messages.heading)}</p>
      <ul className="sidebar__list" aria-labelledby="sidebar-manage">
        <li><NavLink to={projectPaths.manageProjects.href('0')} className="sidebar__link">{intl.formatMessage(messages.projects)}</NavLink></li>
        {after}
        <li><NavLink to={projectPaths.presets.href('0')} className="sidebar__link">{intl.formatMessage(messages.presets)}</NavLink></li>
        <li><NavLink to={backupPaths.backup.href('0')} className="sidebar__link">{intl.formatMessage(messages.backup)}</NavLink></li>
        <li><NavLink to={projectPaths.activity.href('0')} className="sidebar__link">{intl.formatMessage(messages.activity)}</NavLink></li>
      </ul>
    </li>
  );
}
