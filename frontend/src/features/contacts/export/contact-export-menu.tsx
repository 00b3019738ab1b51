import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { ApiError } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import { downloadFile, type DownloadProgress } from '../../../shared/download';
import { ApiErrorAlert } from '../../../shared/form';
import { Download, Icon } from '../../../shared/icons';
import { ProgressBar } from '../../../shared/ui';
import { untyped } from '../../../shared/untyped-messages';
import type { ContactListArgs } from '../contacts.api';
import { CONTACT_COUNT_HEADER, contactExportUrl, useRecordContactExportMutation, type ContactExportFormat, type ContactExportLanguage } from './contact-export.api';

const messages = untyped(defineMessages({
  menu: { id: 'contacts.export.menu', defaultMessage: 'Exportieren', description: 'Menu button of the contact list: export the shown contacts' },
  csv: { id: 'contacts.export.csv', defaultMessage: 'CSV (für Excel)', description: 'Export the shown contacts as a CSV file that German Excel opens' },
  xlsx: { id: 'contacts.export.xlsx', defaultMessage: 'Excel (XLSX)', description: 'Export the shown contacts as an Excel workbook' },
  progress: { id: 'contacts.export.progress', defaultMessage: 'Export läuft …', description: 'Label of the export progress bar' },
  done: {
    id: 'contacts.export.done',
    defaultMessage: '{count, plural, one {# Kontakt wurde exportiert.} other {# Kontakte wurden exportiert.}}',
    description: 'Toast after the export: how many contacts the file holds',
  },
}));

const LANGUAGES: readonly ContactExportLanguage[] = ['de', 'en', 'fr', 'it'];

/**
 * "Exportieren" on the contact list: CSV or Excel of exactly the list's view (its search,
 * filters and order), headers in the console's language; the export is then recorded for the
 * team's activity log (ADR 0016).
 */
export function ContactExportMenu({ args }: { args: ContactListArgs }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [record] = useRecordContactExportMutation();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const language = LANGUAGES.find((lang) => intl.locale.startsWith(lang)) ?? 'de';

  async function run(format: ContactExportFormat) {
    if (progress) return;
    setError(undefined);
    setProgress({ received: 0, total: null });
    const result = await downloadFile(contactExportUrl(args, format, language), `kontakte.${format}`, setProgress);
    setProgress(null);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    const count = Number(result.headers.get(CONTACT_COUNT_HEADER) ?? 0);
    dispatch(popupShown({ message: messages.done, values: { count }, tone: 'success' }));
    const { teamId, q, type, status, blocked, sort } = args;
    const recorded = await record({
      teamId,
      body: { format, language, q: q ?? '', type: type ?? null, status: status ?? null, blocked: blocked === undefined ? null : blocked === 'true', sort, count },
    });
    if ('error' in recorded) setError(recorded.error as ApiError);
  }

  const entries: { format: ContactExportFormat; label: string }[] = [
    { format: 'csv', label: intl.formatMessage(messages.csv) },
    { format: 'xlsx', label: intl.formatMessage(messages.xlsx) },
  ];
  return (
    <>
      <ExportMenu label={intl.formatMessage(messages.menu)} busy={progress !== null} entries={entries} onSelect={(format) => void run(format)} />
      {progress && <ProgressBar label={intl.formatMessage(messages.progress)} value={progress.received} max={progress.total} />}
      <ApiErrorAlert error={error} />
    </>
  );
}

/** A labelled button with a menu of the formats: arrow keys move, Escape closes (the shared ActionMenu is an icon). */
function ExportMenu({ label, busy, entries, onSelect }: {
  label: string; busy: boolean; entries: { format: ContactExportFormat; label: string }[]; onSelect: (format: ContactExportFormat) => void;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return undefined;
    listRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const outside = (event: globalThis.MouseEvent) => {
      const target = event.target as Node;
      if (!listRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const index = items.findIndex((item) => item === document.activeElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className="menu">
      <button
        ref={buttonRef}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={busy}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon of={Download} /> {label}
      </button>
      {open && (
        <ul ref={listRef} id={menuId} role="menu" aria-label={label} className="menu__list" onKeyDown={onKeyDown}>
          {entries.map((entry) => (
            <li key={entry.format} role="none">
              <button type="button" role="menuitem" className="menu__item" onClick={() => { setOpen(false); onSelect(entry.format); }}>
                {entry.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
