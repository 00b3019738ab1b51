import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { paths } from '../../app/paths';
import { mySignupsMessages } from './my-signups.messages';

// The sidebar's "Meine Einträge" entry (the start's task child, spec section 2), for signed-in people.
export function SidebarMySignups() {
  const intl = useIntl();
  return (
    <li>
      <NavLink to={paths.mySignups.href()} className="sidebar__link">{intl.formatMessage(mySignupsMessages.title)}</NavLink>
    </li>
  );
}
