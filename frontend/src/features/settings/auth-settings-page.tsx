import type { SessionListItem } from '@planwerk/events/accounts/account-self-service.endpoints';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { ApiErrorAlert } from '../../shared/form';
import { Icon, LogOut, Smartphone } from '../../shared/icons';
import { authSettingsMessages as m } from './device-settings.messages';
import { useEndOtherUserSessionsMutation, useEndUserSessionMutation, useListUserSessionsQuery } from './settings.api';
import { settingsMessages } from './settings.messages';

export interface Device {
  deviceId: string;
  name: string;
  current: boolean;
  since: string;
  lastSeen: string;
  methods: string[];
  sessionIds: string[];
}

/** The sessions of one device together, the current device first, then the most recently seen. */
export function groupByDevice(sessions: readonly SessionListItem[]): Device[] {
  const devices = new Map<string, Device>();
  for (const session of sessions) {
    const device = devices.get(session.deviceId) ?? {
      deviceId: session.deviceId, name: session.device, current: false, since: session.created, lastSeen: session.lastUsed, methods: [], sessionIds: [],
    };
    device.current ||= session.current;
    device.name ||= session.device;
    if (session.created < device.since) device.since = session.created;
    if (session.lastUsed > device.lastSeen) device.lastSeen = session.lastUsed;
    if (!device.methods.includes(session.method)) device.methods.push(session.method);
    device.sessionIds.push(session.id);
    devices.set(session.deviceId, device);
  }
  return [...devices.values()].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeen.localeCompare(a.lastSeen));
}

const METHODS: Record<string, MessageDescriptor> = {
  password: m.methodPassword, 'second-factor': m.methodSecondFactor, passkey: m.methodPasskey, social: m.methodSocial,
};

// /settings/auth (spec section 2): the devices signed in to the account, each with when it was
// last active; sign one device out (all its sessions) or every other device.
export function AuthSettingsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data: sessions, error } = useListUserSessionsQuery();
  const [endOne, endOneState] = useEndUserSessionMutation();
  const [endOthers, endOthersState] = useEndOtherUserSessionsMutation();
  const devices = groupByDevice(sessions ?? []);
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const nameOf = (device: Device) => device.name.trim() || intl.formatMessage(m.unnamed);

  async function signOut(device: Device) {
    let ended = 0;
    for (const sessionId of device.sessionIds) {
      const result = await endOne(sessionId);
      if ('data' in result && result.data) ended += result.data.ended;
    }
    if (ended > 0) dispatch(popupShown({ message: m.signedOut, values: { count: ended }, tone: 'success' }));
  }

  async function signOutOthers() {
    const result = await endOthers();
    if ('data' in result && result.data) dispatch(popupShown({ message: m.signedOut, values: { count: result.data.ended }, tone: 'success' }));
  }

  const others = devices.filter((device) => !device.current);
  return (
    <section className="card" aria-labelledby="settings-auth">
      <h2 id="settings-auth">{intl.formatMessage(settingsMessages.auth)}</h2>
      <p>{intl.formatMessage(m.intro)}</p>
      <ApiErrorAlert error={error ?? endOneState.error ?? endOthersState.error} />
      {sessions && (
        <ul className="device-list" aria-label={intl.formatMessage(m.list)}>
          {devices.map((device) => (
            <li key={device.deviceId} className="device-list__item">
              <span className="device-list__icon"><Icon of={Smartphone} /></span>
              <div className="device-list__text">
                <p className="device-list__name">
                  <strong>{nameOf(device)}</strong>
                  {device.current && <span className="badge badge--primary">{intl.formatMessage(m.thisDevice)}</span>}
                </p>
                <p className="hint">{intl.formatMessage(m.lastSeen, { date: date(device.lastSeen) })}</p>
                <p className="hint">
                  {intl.formatMessage(m.since, { date: date(device.since) })}
                  {' · '}
                  {intl.formatMessage(m.sessions, { count: device.sessionIds.length })}
                  {' · '}
                  {intl.formatMessage(m.methods, { methods: intl.formatList(device.methods.map((method) => intl.formatMessage(METHODS[method] ?? m.methodOther))) })}
                </p>
              </div>
              {!device.current && (
                <button type="button" className="button" disabled={endOneState.isLoading} aria-label={intl.formatMessage(m.signOutNamed, { device: nameOf(device) })} onClick={() => void signOut(device)}>
                  <Icon of={LogOut} />{intl.formatMessage(m.signOut)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions && others.length === 0 && <p className="hint">{intl.formatMessage(m.alone)}</p>}
      <div className="actions">
        <button type="button" className="button button--danger" disabled={others.length === 0 || endOthersState.isLoading} onClick={() => void signOutOthers()}>
          {intl.formatMessage(m.signOutOthers)}
        </button>
      </div>
    </section>
  );
}
