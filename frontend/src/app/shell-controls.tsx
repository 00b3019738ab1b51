import { useIntl } from 'react-intl';
import { Icon, Moon, Sun } from '../shared/icons';
import { appMessages } from './app.messages';
import { useAppDispatch, useAppSelector } from './hooks';
import { CONSOLE_LANGUAGES, languageChosen, translatorModeChosen } from './preferences.slice';
import { shellMessages } from './shell/shell.messages';
import { useChooseTheme } from './use-choose-theme';

// Language names stay in their own language whatever the interface language is.
const AUTONYMS = { de: 'Deutsch', en: 'English', fr: 'Français', it: 'Italiano' } as const;

// Language toggle of the sidebar. Shift on it switches to fx, the translators' view with message
// ids (spec section 9: reachable only with shift); a plain choice leaves fx again.
export function LanguageToggle() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const language = useAppSelector((state) => state.preferences.language);
  const fx = useAppSelector((state) => state.preferences.fx);
  return (
    <div className="toggle-group" role="group" aria-label={intl.formatMessage(appMessages.language)}>
      {CONSOLE_LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="toggle-group__item"
          aria-pressed={!fx && language === code}
          // The name starts with the visible code, so "DE" spoken or typed finds the button (WCAG 2.5.3).
          aria-label={`${code.toUpperCase()} (${AUTONYMS[code]})`}
          onClick={(event) => dispatch(event.shiftKey ? translatorModeChosen(true) : languageChosen(code))}
        >
          {code.toUpperCase()}
        </button>
      ))}
      {fx && (
        <button
          type="button"
          className="toggle-group__item"
          aria-pressed
          title={intl.formatMessage(shellMessages.translatorMode)}
          onClick={() => dispatch(translatorModeChosen(false))}
        >
          FX
        </button>
      )}
    </div>
  );
}

export function ThemeToggle() {
  const intl = useIntl();
  const chooseTheme = useChooseTheme();
  const theme = useAppSelector((state) => state.preferences.theme);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-pressed={dark}
      onClick={() => chooseTheme(dark ? 'default' : 'dark')}
    >
      <Icon of={dark ? Moon : Sun} /> {intl.formatMessage(appMessages.darkTheme)}
    </button>
  );
}
