import { useIntl } from 'react-intl';
import { appMessages } from './app.messages';
import { useAppDispatch, useAppSelector } from './hooks';
import { CONSOLE_LANGUAGES, languageChosen, themeChosen } from './preferences.slice';

// Language names stay in their own language whatever the interface language is.
const AUTONYMS = { de: 'Deutsch', en: 'English', fr: 'Français', it: 'Italiano' } as const;

export function LanguageToggle() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const language = useAppSelector((state) => state.preferences.language);
  return (
    <div className="toggle-group" role="group" aria-label={intl.formatMessage(appMessages.language)}>
      {CONSOLE_LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="toggle-group__item"
          aria-pressed={language === code}
          aria-label={AUTONYMS[code]}
          onClick={() => dispatch(languageChosen(code))}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

export function ThemeToggle() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.preferences.theme);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-pressed={dark}
      onClick={() => dispatch(themeChosen(dark ? 'default' : 'dark'))}
    >
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span> {intl.formatMessage(appMessages.darkTheme)}
    </button>
  );
}
