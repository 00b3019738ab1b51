import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { paths } from '../../app/paths';
import { useDevMode } from './dev.api';
import { devMessages } from './dev.messages';

// Spec section 2, Shell: the sidebar has a developer entry in dev mode only.
export function DevSidebarEntry() {
  const intl = useIntl();
  const { devMode } = useDevMode();
  if (!devMode) return null;
  return (
    <li>
      <NavLink to={paths.dev.href()} className="sidebar__link">
        {intl.formatMessage(devMessages.sidebarEntry)}
      </NavLink>
    </li>
  );
}
