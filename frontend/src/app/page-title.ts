import { useEffect, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { appMessages } from './app.messages';

// Tab title = product name plus section (spec section 2, navigation guard step 3). Pages name
// their section; the innermost page that is still mounted wins (ids are taken while rendering,
// and parents render before their children), and without one the shell's fallback applies.
const sections: { id: number; section: string }[] = [];
let fallback = '';
let product = 'Planwerk';
let nextId = 0;
let current = '';
const listeners = new Set<() => void>();

function apply(): void {
  let top: { id: number; section: string } | undefined;
  for (const entry of sections) if (!top || entry.id > top.id) top = entry;
  const section = top?.section ?? fallback;
  document.title = section === '' ? product : `${section} – ${product}`;
  if (section !== current) {
    current = section;
    for (const listener of listeners) listener();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The section of the tab title, for the breadcrumb's last entry ('' on the start page). */
export function usePageSection(): string {
  return useSyncExternalStore(subscribe, () => current, () => '');
}

export function usePageTitle(section: string): void {
  const intl = useIntl();
  const name = intl.formatMessage(appMessages.productName);
  const [id] = useState(() => {
    nextId += 1;
    return nextId;
  });
  useEffect(() => {
    const entry = { id, section };
    product = name;
    sections.push(entry);
    apply();
    return () => {
      const index = sections.indexOf(entry);
      if (index >= 0) sections.splice(index, 1);
      apply();
    };
  }, [id, section, name]);
}

/** The shell's title for routes whose page names no section. */
export function useFallbackTitle(section: string): void {
  const intl = useIntl();
  const name = intl.formatMessage(appMessages.productName);
  useEffect(() => {
    fallback = section;
    product = name;
    apply();
  }, [section, name]);
}
