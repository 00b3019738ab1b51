import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { memberPaths } from './member.paths';
import { memberMessages } from './members.messages';

// The navigation entry "members" of spec section 2, right after the contacts. Team "0" lets
// the navigation guard pick the last or only team.
export function SidebarMembers() {
  const intl = useIntl();
  return (
    <li><NavLink to={memberPaths.list.href('0')} className="sidebar__link">{intl.formatMessage(memberMessages.list)}</NavLink></li>
  );
}
