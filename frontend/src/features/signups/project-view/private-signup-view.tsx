import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { EmptyState } from '../../../shared/empty-state';
import { CircleAlert, CircleCheck, Mail } from '../../../shared/icons';
import { untyped } from '../../../shared/untyped-messages';
import { projectPaths } from '../../projects';
import { cachedSignups, rememberSignup } from '../link-cache';
import { useGetOwnSignupQuery } from '../signups.api';
import { ItemCard } from './item-card';
import { useItemActions } from './use-item-actions';
import { useViewContext } from './view-context';

export const privateSignupMessages = untyped(defineMessages({
  title: { id: 'signups.private.title', defaultMessage: 'Deine Eintragung', description: 'Heading of the page behind the private link of the confirmation mail' },
  intro: {
    id: 'signups.private.intro',
    defaultMessage: 'Hier kannst du deine Eintragung ändern oder zurückziehen. Dieses Gerät merkt sie sich, du findest sie auch unter „Meine Eintragungen“.',
    description: 'Text above the own sign-up opened through the private link',
  },
  loading: { id: 'signups.private.loading', defaultMessage: 'Deine Eintragung wird geladen …', description: 'While the sign-up of the private link loads' },
  invalidTitle: { id: 'signups.private.invalidTitle', defaultMessage: 'Dieser Link gilt nicht mehr', description: 'The private link opens no sign-up' },
  invalidText: {
    id: 'signups.private.invalidText',
    defaultMessage: 'Die Eintragung wurde zurückgezogen oder gelöscht, oder der Link ist unvollständig. Du kannst dich im Projekt neu eintragen.',
    description: 'Why the private link opens no sign-up',
  },
  missingTitle: { id: 'signups.private.missingTitle', defaultMessage: 'Öffne den Link aus deiner E-Mail', description: 'The page was opened without the private part of the link' },
  missingText: {
    id: 'signups.private.missingText',
    defaultMessage: 'Mit dem Link aus deiner Bestätigungs-E-Mail kannst du deine Eintragung auf jedem Gerät ändern oder zurückziehen.',
    description: 'Explains the private link when the page is opened without it',
  },
  cancelledTitle: { id: 'signups.private.cancelledTitle', defaultMessage: 'Deine Eintragung ist zurückgezogen', description: 'After cancelling through the private link' },
  cancelledText: {
    id: 'signups.private.cancelledText',
    defaultMessage: 'Dein Platz ist wieder frei. Deine E-Mail-Adresse und dein Name sind gelöscht.',
    description: 'What cancelling did',
  },
  toProject: { id: 'signups.private.toProject', defaultMessage: 'Zum Projekt', description: 'Link from the private sign-up page to the project overview' },
}));

interface PrivatePart {
  listId: string;
  signupId: string;
  token: string;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PRIVATE_PART = new RegExp(`^#(${UUID})\\.(${UUID})\\.([A-Za-z0-9_-]{43})$`, 'i');

/** `#<listId>.<signupId>.<token>` of the confirmation mail's link; null for anything else. */
export function parsePrivatePart(hash: string): PrivatePart | null {
  const match = PRIVATE_PART.exec(hash);
  return match ? { listId: match[1].toLowerCase(), signupId: match[2].toLowerCase(), token: match[3] } : null;
}

/**
 * /{prjLink}/signup#<list>.<sign-up>.<token>: the private link of a visitor's confirmation mail
 * (issue 14). The private part is taken from the address and removed from it at once (no copy
 * in the history or a shared screenshot; behind `#` it reached no server). The sign-up is read
 * with its token and kept in this browser's link cache, so it can be changed or cancelled here
 * like in the browser that signed up — and after a reload, from the cache.
 */
export function PrivateSignupView() {
  const intl = useIntl();
  const context = useViewContext();
  const { actions, element } = useItemActions(context);
  const location = useLocation();
  const navigate = useNavigate();
  const { view } = context;
  const projectId = view.project.projectId;
  const [part] = useState(() => parsePrivatePart(location.hash));
  const [opened, setOpened] = useState<string | null>(null);

  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  const { data, error, isLoading } = useGetOwnSignupQuery(
    { projectId, listId: part?.listId ?? '', signupId: part?.signupId ?? '', token: part?.token, password: context.viewer.password },
    { skip: part === null, refetchOnMountOrArgChange: true },
  );

  useEffect(() => {
    if (!data || !part) return;
    rememberSignup(projectId, {
      signupId: data.signupId, listId: data.listId, itemId: data.itemId, token: part.token, name: data.name ?? '',
      status: data.status, position: data.position, at: new Date().toISOString(), version: view.version,
    });
    setOpened(data.signupId);
  }, [data, part, projectId, view.version]);

  const overview = <Link className="button button--primary" to={projectPaths.projectView.href(view.project.link)}>{intl.formatMessage(privateSignupMessages.toProject)}</Link>;
  if (part === null && opened === null) {
    return <EmptyState icon={Mail} title={intl.formatMessage(privateSignupMessages.missingTitle)} text={intl.formatMessage(privateSignupMessages.missingText)}>{overview}</EmptyState>;
  }
  if (isLoading) return <p className="hint" role="status">{intl.formatMessage(privateSignupMessages.loading)}</p>;
  if (!data) {
    const gone = isApiError(error) && (error.status === 404 || error.status === 403);
    return (
      <EmptyState icon={CircleAlert} title={intl.formatMessage(privateSignupMessages.invalidTitle)} text={gone ? intl.formatMessage(privateSignupMessages.invalidText) : undefined}>
        {overview}
      </EmptyState>
    );
  }
  const list = view.lists.find((candidate) => candidate.listId === data.listId);
  const entry = cachedSignups(projectId).find((candidate) => candidate.signupId === data.signupId);
  // Changing may move the sign-up: the cache knows its item now.
  const item = list?.items.find((candidate) => candidate.itemId === (entry?.itemId ?? data.itemId));
  if (opened !== null && !entry) {
    return <EmptyState icon={CircleCheck} title={intl.formatMessage(privateSignupMessages.cancelledTitle)} text={intl.formatMessage(privateSignupMessages.cancelledText)}>{overview}</EmptyState>;
  }
  if (!list || !item) {
    return <EmptyState icon={CircleAlert} title={intl.formatMessage(privateSignupMessages.invalidTitle)} text={intl.formatMessage(privateSignupMessages.invalidText)}>{overview}</EmptyState>;
  }
  return (
    <section className="private-signup" aria-labelledby="private-signup-title">
      {element}
      <h2 id="private-signup-title">{intl.formatMessage(privateSignupMessages.title)}</h2>
      <p className="hint">{intl.formatMessage(privateSignupMessages.intro)}</p>
      <ul className="items">
        <ItemCard item={item} list={list} context={context} actions={actions} showList />
      </ul>
    </section>
  );
}
