import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { COOKIE_CONSENT, THEMES, type Theme } from '@planwerk/events/constants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CONSOLE_LANGUAGES, languageChosen } from '../../app/preferences.slice';
import { chooseCookieConsent, useCookieConsent } from '../../app/shell/cookie-consent';
import { popupShown } from '../../app/ui.slice';
import { useChooseTheme } from '../../app/use-choose-theme';
import { Bell, Cookie, HardDrive, Icon, Languages, MonitorSmartphone, Palette, type LucideIcon } from '../../shared/icons';
import { clearLinkCache, linkCacheSize } from '../signups';
import { deviceSettingsMessages as m } from './device-settings.messages';
import { designMessages, settingsMessages } from './settings.messages';
import { THEME_LABELS } from './theme-labels';

// Language names stay in their own language whatever the interface language is.
const AUTONYMS = { de: 'Deutsch', en: 'English', fr: 'Français', it: 'Italiano' } as const;

function Block({ id, icon, title, children }: { id: string; icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section className="settings-block" aria-labelledby={id}>
      <h3 id={id} className="settings-block__title"><Icon of={icon} />{title}</h3>
      {children}
    </section>
  );
}

type Permission = NotificationPermission | 'unsupported';
const readPermission = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

interface InstallPrompt extends Event { prompt(): Promise<void> }
const standalone = () => typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

// /settings/device (spec section 2): what this browser keeps — language, theme, cookie level,
// the visitors' stored sign-ups, the notification permission and whether it runs as an app.
export function DeviceSettingsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const language = useAppSelector((state) => state.preferences.language);
  const theme = useAppSelector((state) => state.preferences.theme);
  const chooseTheme = useChooseTheme();
  const consent = useCookieConsent();
  const [stored, setStored] = useState(linkCacheSize);
  const [confirming, setConfirming] = useState(false);
  const [permission, setPermission] = useState<Permission>(readPermission);
  const [install, setInstall] = useState<InstallPrompt | null>(null);
  const [installed, setInstalled] = useState(standalone);

  useEffect(() => {
    const offer = (event: Event) => {
      event.preventDefault();
      setInstall(event as InstallPrompt);
    };
    const done = () => setInstalled(true);
    window.addEventListener('beforeinstallprompt', offer);
    window.addEventListener('appinstalled', done);
    return () => {
      window.removeEventListener('beforeinstallprompt', offer);
      window.removeEventListener('appinstalled', done);
    };
  }, []);

  function clear() {
    clearLinkCache();
    setStored(linkCacheSize());
    setConfirming(false);
    dispatch(popupShown({ message: m.cleared, tone: 'success' }));
  }

  const permissionText = { granted: m.notificationsGranted, denied: m.notificationsDenied, default: m.notificationsDefault, unsupported: m.notificationsUnsupported }[permission];

  return (
    <section className="card" aria-labelledby="settings-device">
      <h2 id="settings-device">{intl.formatMessage(settingsMessages.device)}</h2>
      <p className="hint">{intl.formatMessage(m.intro)}</p>

      <Block id="device-language" icon={Languages} title={intl.formatMessage(m.language)}>
        <fieldset className="radio-row">
          <legend className="visually-hidden">{intl.formatMessage(m.language)}</legend>
          {CONSOLE_LANGUAGES.map((code) => (
            <label key={code} lang={code}>
              <input type="radio" name="language" checked={language === code} onChange={() => dispatch(languageChosen(code))} />
              {AUTONYMS[code]}
            </label>
          ))}
        </fieldset>
      </Block>

      <Block id="device-theme" icon={Palette} title={intl.formatMessage(m.theme)}>
        <fieldset className="radio-row">
          <legend className="visually-hidden">{intl.formatMessage(designMessages.theme)}</legend>
          {THEMES.map((option: Theme) => (
            <label key={option}>
              <input type="radio" name="theme" checked={theme === option} onChange={() => chooseTheme(option)} />
              {intl.formatMessage(THEME_LABELS[option])}
            </label>
          ))}
        </fieldset>
        <p className="hint">{intl.formatMessage(m.themeHint)}</p>
      </Block>

      <Block id="device-cookies" icon={Cookie} title={intl.formatMessage(m.cookies)}>
        <fieldset className="radio-row">
          <legend className="visually-hidden">{intl.formatMessage(m.cookiesLegend)}</legend>
          <label>
            <input type="radio" name="cookies" checked={consent === COOKIE_CONSENT.partial} onChange={() => chooseCookieConsent(COOKIE_CONSENT.partial)} />
            {intl.formatMessage(m.cookiesPartial)}
          </label>
          <label>
            <input type="radio" name="cookies" checked={consent === COOKIE_CONSENT.full} onChange={() => chooseCookieConsent(COOKIE_CONSENT.full)} />
            {intl.formatMessage(m.cookiesFull)}
          </label>
        </fieldset>
        {consent === COOKIE_CONSENT.none && <p className="hint">{intl.formatMessage(m.cookiesNone)}</p>}
      </Block>

      <Block id="device-stored" icon={HardDrive} title={intl.formatMessage(m.stored)}>
        <p>{intl.formatMessage(m.storedCount, stored)}</p>
        <p className="hint">{intl.formatMessage(m.storedHint)}</p>
        {stored.signups > 0 && !confirming && (
          <button type="button" className="button" onClick={() => setConfirming(true)}>{intl.formatMessage(m.clear)}</button>
        )}
        {confirming && (
          <div className="actions" role="group" aria-label={intl.formatMessage(m.clearConfirm)}>
            <span>{intl.formatMessage(m.clearConfirm)}</span>
            <button type="button" className="button button--danger" onClick={clear}>{intl.formatMessage(m.clearYes)}</button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>{intl.formatMessage(m.cancel)}</button>
          </div>
        )}
      </Block>

      <Block id="device-notifications" icon={Bell} title={intl.formatMessage(m.notifications)}>
        <p>{intl.formatMessage(permissionText)}</p>
        {permission === 'default' && (
          <button type="button" className="button" onClick={() => void Notification.requestPermission().then(setPermission)}>
            {intl.formatMessage(m.notificationsAllow)}
          </button>
        )}
      </Block>

      <Block id="device-app" icon={MonitorSmartphone} title={intl.formatMessage(m.app)}>
        {installed ? <p>{intl.formatMessage(m.appInstalled)}</p> : install ? (
          <>
            <p>{intl.formatMessage(m.appInstallable)}</p>
            <button type="button" className="button" onClick={() => void install.prompt().then(() => setInstall(null))}>{intl.formatMessage(m.appInstall)}</button>
          </>
        ) : <p>{intl.formatMessage(m.appBrowser)}</p>}
      </Block>
    </section>
  );
}
