import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { projectPaths } from '../../projects';
import { teamLinks, useListUserLinksQuery } from '../../teams';
import { valueText } from '../signup-fields';
import { projectViewMessages as messages } from './project-view.messages';
import { useViewContext } from './view-context';
import { TableScroll } from '../../../shared/table-scroll';

/** admin/{view?}: every sign-up per list for the project's managers, and the way to the editor. */
export function AdminView() {
  const intl = useIntl();
  const { view } = useViewContext();
  const { data: links } = useListUserLinksQuery(undefined, { skip: !view.viewer.admin });
  if (!view.viewer.admin) return <p className="alert alert--info">{intl.formatMessage(messages.adminOnly)}</p>;
  const team = teamLinks(links).find((entry) => entry.id === view.project.teamId);
  return (
    <>
      {team && (
        <p><Link className="button" to={projectPaths.manageProject.href(team.link, view.project.projectId)}>{intl.formatMessage(messages.manage)}</Link></p>
      )}
      {view.lists.map((list) => {
        const placed = list.items.reduce((sum, item) => sum + item.placed, 0);
        const waitlisted = list.items.reduce((sum, item) => sum + item.waitlisted, 0);
        return (
          <section key={list.listId} className="card" aria-labelledby={`admin-list-${list.listId}`}>
            <h2 id={`admin-list-${list.listId}`}>{list.name}</h2>
            <p className="hint">{intl.formatMessage(messages.total, { placed, waitlisted })}</p>
            <TableScroll label={list.name}>
              <table className="table" aria-labelledby={`admin-list-${list.listId}`}>
                <thead>
                  <tr>
                    <th scope="col">{intl.formatMessage(messages.item)}</th>
                    <th scope="col">{intl.formatMessage(messages.person)}</th>
                    <th scope="col">{intl.formatMessage(messages.status)}</th>
                    {list.fields.map((field) => <th key={field.fieldId} scope="col">{field.label}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {list.items.flatMap((item) => (item.signups ?? []).map((signup) => (
                    <tr key={signup.signupId}>
                      <td>{item.name}</td>
                      <td>{signup.name ?? intl.formatMessage(messages.anonymousName)}</td>
                      <td>{signup.status === 'placed' ? intl.formatMessage(messages.placedStatus) : intl.formatMessage(messages.waitStatus, { position: signup.position ?? '?' })}</td>
                      {list.fields.map((field) => <td key={field.fieldId}>{valueText(signup.values?.[field.fieldId])}</td>)}
                    </tr>
                  )))}
                </tbody>
              </table>
            </TableScroll>
          </section>
        );
      })}
    </>
  );
}
