import { defineMessages, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { contactPaths } from './contact.paths';
import { contactMessages } from './contacts.messages';
import { contactGroupPaths } from './groups/contact-group.paths';
import { groupMessages } from './groups/contact-groups.messages';

const messages = defineMessages({
  nav: { id: 'contacts.area.nav', defaultMessage: 'Bereiche der Kontakte', description: 'Label of the tabs between the contact list and the groups' },
});

// The contact area's own tabs (spec section 2, manage/contact with its children): the list and
// the groups, under the page title of either.
export function ContactAreaTabs({ ccLink }: { ccLink: string }) {
  const intl = useIntl();
  const tabs = [
    { to: contactPaths.list.href(ccLink), label: intl.formatMessage(contactMessages.list) },
    { to: contactGroupPaths.groups.href(ccLink), label: intl.formatMessage(groupMessages.title) },
  ];
  return (
    <nav className="tabs" aria-label={intl.formatMessage(messages.nav)}>
      {tabs.map((tab) => <NavLink key={tab.to} to={tab.to} end className="tabs__link">{tab.label}</NavLink>)}
    </nav>
  );
}
