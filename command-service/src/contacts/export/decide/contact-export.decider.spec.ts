import { contactExportDecider, type RecordContactExport } from './contact-export.decider';

const command: RecordContactExport = {
  exportId: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b', teamId: '0d8f7e6c-5b4a-4392-8170-6f5e4d3c2b1a', format: 'csv', language: 'de',
  search: '  müller ', filters: { type: 'member', status: null, blocked: false, sort: '-name' }, count: 42, now: new Date('2026-11-27T10:00:00Z'),
};

describe('contact export decider', () => {
  it('given nothing, when an export is recorded, then ContactsExported carries format, filters, the trimmed search and the count', () => {
    expect(contactExportDecider.decide(command, contactExportDecider.initialState())).toEqual([{
      type: 'ContactsExported',
      data: {
        exportId: command.exportId, teamId: command.teamId, format: 'csv', language: 'de',
        filters: { type: 'member', status: null, blocked: false, sort: '-name', searched: true }, search: 'müller', count: 42,
        exportedAt: '2026-11-27T10:00:00.000Z',
      },
    }]);
  });

  it('given no search text, then the filters say that nothing was searched', () => {
    const [event] = contactExportDecider.decide({ ...command, search: ' ' }, contactExportDecider.initialState());
    expect(event.data.filters.searched).toBe(false);
    expect(event.data.search).toBe('');
  });

  it('given the export was recorded, when the same export is recorded again, then nothing is appended', () => {
    const [event] = contactExportDecider.decide(command, contactExportDecider.initialState());
    const state = contactExportDecider.evolve(contactExportDecider.initialState(), event);
    expect(contactExportDecider.decide(command, state)).toEqual([]);
  });
});
