import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { teamPickerClosed } from '../../app/ui.slice';
import { rememberTeam, teamLinks, useListUserLinksQuery } from './teams.api';
import { teamMessages } from './teams.messages';

// The team picker overlay (spec section 2): lists the user's teams or offers team creation.
export function TeamPicker() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.ui.teamPickerOpen);
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const { data } = useListUserLinksQuery(undefined, { skip: !open || !signedIn });
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const teams = teamLinks(data);
  const close = () => dispatch(teamPickerClosed());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId}>{intl.formatMessage(teamMessages.pickerTitle)}</h2>
      {teams.length === 0 ? (
        <p>{intl.formatMessage(teamMessages.pickerEmpty)}</p>
      ) : (
        <ul className="picker-list" aria-label={intl.formatMessage(teamMessages.sidebarList)}>
          {teams.map((team) => (
            <li key={team.id}>
              <Link
                className="sidebar__link"
                to={paths.team.href(team.link)}
                onClick={() => {
                  rememberTeam(team.link);
                  close();
                }}
              >
                {team.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="dialog__actions">
        <Link className="button" to={paths.teamCreate.href()} onClick={close}>{intl.formatMessage(teamMessages.create)}</Link>
        <button type="button" className="button button--primary" onClick={close}>{intl.formatMessage(teamMessages.close)}</button>
      </div>
    </dialog>
  );
}
