import { useIntl } from 'react-intl';
import { NavLink, useNavigate } from 'react-router';
import { ArrowLeft, House, Icon, Users } from '../../shared/icons';
import { useAppDispatch, useAppSelector } from '../hooks';
import { paths } from '../paths';
import { teamPickerOpened } from '../ui.slice';
import { shellMessages } from './shell.messages';
import { useCurrentTeam } from './use-current-team';

// Mobile sub-nav of spec section 2, up to 1000 px: back, home or team, teams. The messenger
// entry is left out: there is no messenger yet.
export function MobileSubNav() {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const { routeTeam } = useCurrentTeam();
  return (
    <nav className="sub-nav" aria-label={intl.formatMessage(shellMessages.mobileNav)}>
      <button type="button" className="sub-nav__item" onClick={() => void navigate(-1)}>
        <Icon of={ArrowLeft} /> {intl.formatMessage(shellMessages.back)}
      </button>
      {routeTeam ? (
        <NavLink to={paths.team.href(routeTeam.link)} end className="sub-nav__item">
          <Icon of={House} /> {intl.formatMessage(shellMessages.team)}
        </NavLink>
      ) : (
        <NavLink to={paths.start.href()} end className="sub-nav__item">
          <Icon of={House} /> {intl.formatMessage(shellMessages.home)}
        </NavLink>
      )}
      {signedIn && (
        <button type="button" className="sub-nav__item" onClick={() => dispatch(teamPickerOpened())}>
          <Icon of={Users} /> {intl.formatMessage(shellMessages.teams)}
        </button>
      )}
    </nav>
  );
}
