import { useIntl, type MessageDescriptor } from 'react-intl';
import { ApiErrorAlert } from '../../shared/form';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { useEndOtherUserSessionsMutation, useEndUserSessionMutation, useListUserSessionsQuery } from './settings.api';
import { endedMessage, loginSettingsMessages, settingsMessages } from './settings.messages';
import { TableScroll } from '../../shared/table-scroll';

// How a session signed in, in words (the events' method values).
const METHOD_MESSAGES: Record<string, MessageDescriptor> = {
  password: loginSettingsMessages.methodPassword,
  'second-factor': loginSettingsMessages.methodSecondFactor,
  passkey: loginSettingsMessages.methodPasskey,
  social: loginSettingsMessages.methodSocial,
};
const methodMessage = (method: string): MessageDescriptor => METHOD_MESSAGES[method] ?? loginSettingsMessages.methodOther;

// /settings/login: the live sessions; end one, or every other one.
export function LoginSettingsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data: sessions, error } = useListUserSessionsQuery();
  const [endOne, endOneState] = useEndUserSessionMutation();
  const [endOthers, endOthersState] = useEndOtherUserSessionsMutation();
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  async function ended(result: Promise<{ data?: { ended: number } }>) {
    const answer = await result;
    if (answer.data) dispatch(popupShown({ message: endedMessage, values: { count: answer.data.ended }, tone: 'success' }));
  }

  return (
    <section className="card" aria-labelledby="settings-login">
      <h2 id="settings-login">{intl.formatMessage(settingsMessages.login)}</h2>
      <p>{intl.formatMessage(loginSettingsMessages.intro)}</p>
      <ApiErrorAlert error={error ?? endOneState.error ?? endOthersState.error} />
      {sessions && (
        <TableScroll label={intl.formatMessage(loginSettingsMessages.list)}>
          <table className="table" aria-label={intl.formatMessage(loginSettingsMessages.list)}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(loginSettingsMessages.device)}</th>
                <th scope="col">{intl.formatMessage(loginSettingsMessages.method)}</th>
                <th scope="col">{intl.formatMessage(loginSettingsMessages.created)}</th>
                <th scope="col">{intl.formatMessage(loginSettingsMessages.lastUsed)}</th>
                <th scope="col"><span className="visually-hidden">{intl.formatMessage(loginSettingsMessages.actions)}</span></th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session.id}>
                  <td>{session.device || session.deviceId}</td>
                  <td>{intl.formatMessage(methodMessage(session.method))}</td>
                  <td>{date(session.created)}</td>
                  <td>{date(session.lastUsed)}</td>
                  <td>
                    {session.current ? (
                      <span className="badge badge--primary">{intl.formatMessage(loginSettingsMessages.current)}</span>
                    ) : (
                      <button type="button" className="button" disabled={endOneState.isLoading}
                        aria-label={`${intl.formatMessage(loginSettingsMessages.end)}: ${session.device || session.deviceId}`}
                        onClick={() => void ended(endOne(session.id))}>
                        {intl.formatMessage(loginSettingsMessages.end)}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <div className="actions">
        <button type="button" className="button button--danger" disabled={others === 0 || endOthersState.isLoading} onClick={() => void ended(endOthers())}>
          {intl.formatMessage(loginSettingsMessages.endOthers)}
        </button>
      </div>
    </section>
  );
}
