import type { ContactExportFilters, ContactExportFormat, ContactExportLanguage, ContactsExportedEvent } from '@planwerk/events';

// An export of contacts recorded on its own stream `contact-export-<exportId>` (ADR 0016): one
// event, written once. The id and the time come in on the command.

export interface ContactExportState {
  recorded: boolean;
}

export interface RecordContactExport {
  exportId: string;
  teamId: string;
  format: ContactExportFormat;
  language: ContactExportLanguage;
  search: string;
  filters: Omit<ContactExportFilters, 'searched'>;
  count: number;
  now: Date;
}

export const contactExportDecider = {
  initialState: (): ContactExportState => ({ recorded: false }),
  evolve: (_state: ContactExportState, _event: ContactsExportedEvent): ContactExportState => ({ recorded: true }),
  /** A new export appends ContactsExported; the same export again appends nothing. */
  decide(command: RecordContactExport, state: ContactExportState): ContactsExportedEvent[] {
    if (state.recorded) return [];
    const search = command.search.trim();
    return [{
      type: 'ContactsExported',
      data: {
        exportId: command.exportId, teamId: command.teamId, format: command.format, language: command.language,
        filters: { ...command.filters, searched: search !== '' }, search, count: command.count, exportedAt: command.now.toISOString(),
      },
    }];
  },
};
