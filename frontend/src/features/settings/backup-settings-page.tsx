import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { ApiErrorAlert } from '../../shared/form';
import { Archive, Download, History, Icon } from '../../shared/icons';
import { backupPaths } from '../backups';
import { teamLinks, useListUserLinksQuery, type LinkEntry } from '../teams';
import { backupSettingsMessages as m } from './device-settings.messages';
import { settingsMessages } from './settings.messages';

/** Owner and admin reach every area; others only with manage_backup (spec section 6). */
export function managesBackups(entry: LinkEntry): boolean {
  return entry.access.level === 'owner' || entry.access.level === 'admin' || entry.access.access.manage_backup !== undefined;
}

// /settings/backup (spec section 2): the person's own data export and the backups of the teams
// whose restore points they may open.
export function BackupSettingsPage() {
  const intl = useIntl();
  const { data: links, error } = useListUserLinksQuery();
  const teams = teamLinks(links).filter(managesBackups);
  return (
    <section className="card" aria-labelledby="settings-backup">
      <h2 id="settings-backup">{intl.formatMessage(settingsMessages.backup)}</h2>
      <p>{intl.formatMessage(m.intro)}</p>

      <section className="settings-block" aria-labelledby="backup-own">
        <h3 id="backup-own" className="settings-block__title"><Icon of={Download} />{intl.formatMessage(m.own)}</h3>
        <p>{intl.formatMessage(m.ownText)}</p>
        <Link className="button" to={paths.accountData.href()}>{intl.formatMessage(m.ownLink)}</Link>
      </section>

      <section className="settings-block" aria-labelledby="backup-teams">
        <h3 id="backup-teams" className="settings-block__title"><Icon of={Archive} />{intl.formatMessage(m.teams)}</h3>
        <p>{intl.formatMessage(m.teamsText)}</p>
        <ApiErrorAlert error={error} />
        {links && teams.length === 0 && <p className="hint">{intl.formatMessage(m.noTeams)}</p>}
        {teams.length > 0 && (
          <ul className="link-list" aria-label={intl.formatMessage(m.list)}>
            {teams.map((team) => (
              <li key={team.id}>
                <Link to={backupPaths.backup.href(team.link)}><Icon of={History} />{intl.formatMessage(m.teamLink, { team: team.name })}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
