import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { contactPaths } from './contact.paths';
import { contactMessages } from './contacts.messages';

// The navigation entry "contacts" of spec section 2, among the management entries. Team "0"
// lets the navigation guard pick the last or only team.
export function SidebarContacts() {
  const intl = useIntl();
  return (
    <li><NavLink to={contactPaths.list.href('0')} className="sidebar__link">{intl.formatMessage(contactMessages.list)}</NavLink></li>
  );
}
