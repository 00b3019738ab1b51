import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAppSelector } from './hooks';
import type { ConsoleLanguage } from './preferences.slice';

type Messages = Record<string, string>;

// German is the source locale (defaultMessage); the others load on demand (spec section 1).
const loaders: Record<Exclude<ConsoleLanguage, 'de'>, () => Promise<Messages>> = {
  en: () => import('../lang/en.json').then((module) => module.default),
  fr: () => import('../lang/fr.json').then((module) => module.default),
  it: () => import('../lang/it.json').then((module) => module.default),
};

// fx (spec sections 1 and 9): every message shows its id, so translators can find a text's key.
// react-intl looks a message up with hasOwnProperty and then reads it, so both answer the id.
const messageIds: Messages = new Proxy<Messages>({}, {
  get: (_target, key) => (typeof key === 'string' ? key : undefined),
  has: (_target, key) => typeof key === 'string',
  getOwnPropertyDescriptor: (_target, key) =>
    typeof key === 'string' ? { value: key, writable: false, enumerable: false, configurable: true } : undefined,
});

interface Loaded {
  language: ConsoleLanguage;
  messages: Messages;
}

export function AppIntlProvider({ children }: { children: ReactNode }) {
  const language = useAppSelector((state) => state.preferences.language);
  const fx = useAppSelector((state) => state.preferences.fx);
  const [loaded, setLoaded] = useState<Loaded>({ language: 'de', messages: {} });

  useEffect(() => {
    if (language === 'de') {
      setLoaded({ language, messages: {} });
      return;
    }
    let current = true;
    loaders[language]()
      .then((messages) => {
        if (current) setLoaded({ language, messages });
      })
      // A bundle that fails to load keeps the previous language rather than breaking the page.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [language]);

  useEffect(() => {
    document.documentElement.lang = loaded.language;
    if (fx) document.documentElement.dataset.language = 'fx';
    else delete document.documentElement.dataset.language;
  }, [loaded.language, fx]);

  return (
    <IntlProvider
      // Dates and numbers keep the chosen language's format in fx.
      locale={loaded.language}
      defaultLocale="de"
      messages={fx ? messageIds : loaded.messages}
      onError={(error) => {
        if (error.code !== 'MISSING_TRANSLATION') console.error(error);
      }}
    >
      {children}
    </IntlProvider>
  );
}
