import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { answer, answerError, answerFile, fetchCalls } from '../../../shared/testing/fetch-stub';
import { Popup } from '../../../app/popup';
import { renderConsole } from '../../../shared/testing/render';
import { teamId } from '../contact-testing';
import { ContactExportMenu } from './contact-export-menu';

const exportPath = `/v5/team/${teamId}/contact/export`;

describe('ContactExportMenu', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  const { click } = HTMLAnchorElement.prototype;
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = () => 'blob:http://localhost/export';
    URL.revokeObjectURL = () => undefined;
    // jsdom does not download: the saved file's name is recorded.
    HTMLAnchorElement.prototype.click = function record(this: HTMLAnchorElement) {
      saved.push(this.download);
    };
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    HTMLAnchorElement.prototype.click = click;
  });

  it('exports exactly the list’s view as CSV, says how many, and records the export with its filters and count', async () => {
    answerFile('GET', exportPath, '\uFEFFArt;Status\r\nMitglied;aktiv\r\n', {
      'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="kontakte-2026-11-27.csv"', 'x-contact-count': '2',
    });
    answer('POST', exportPath, { exportId: '0b9a4c1e-c0c0-4aaa-8eee-000000000001', checkpoint: '1' }, 201);
    const { user } = renderConsole(<><ContactExportMenu args={{ teamId, q: 'berg', type: 'member', blocked: 'false', sort: '-created' }} /><Popup /></>);
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    const menu = screen.getByRole('menu', { name: 'Exportieren' });
    expect(menu).toBeVisible();
    await user.click(screen.getByRole('menuitem', { name: 'CSV (für Excel)' }));
    expect(await screen.findByText('2 Kontakte wurden exportiert.')).toBeVisible();
    expect(saved).toEqual(['kontakte-2026-11-27.csv']);
    const query = fetchCalls('GET', exportPath)[0]?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({ q: 'berg', type: 'member', blocked: 'false', sort: '-created', format: 'csv', lang: 'de' });
    await waitFor(() => expect(fetchCalls('POST', exportPath)).toHaveLength(1));
    expect(fetchCalls('POST', exportPath)[0]?.body).toEqual({
      format: 'csv', language: 'de', q: 'berg', type: 'member', status: null, blocked: false, sort: '-created', count: 2,
    });
  });

  it('exports Excel from the keyboard and closes the menu with Escape', async () => {
    answerFile('GET', exportPath, 'PK', {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="kontakte-2026-11-27.xlsx"', 'x-contact-count': '1',
    });
    answer('POST', exportPath, { exportId: '0b9a4c1e-c0c0-4aaa-8eee-000000000002', checkpoint: '2' }, 201);
    const { user } = renderConsole(<><ContactExportMenu args={{ teamId, sort: 'name' }} /><Popup /></>);
    const button = screen.getByRole('button', { name: 'Exportieren' });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Excel (XLSX)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('1 Kontakt wurde exportiert.')).toBeVisible();
    expect(fetchCalls('GET', exportPath)[0]?.query.get('format')).toBe('xlsx');
    await waitFor(() => expect(fetchCalls('POST', exportPath)[0]?.body).toMatchObject({ format: 'xlsx', q: '', type: null, blocked: null, count: 1 }));
  });

  it('shows why an export failed and records nothing', async () => {
    answerError('GET', exportPath, { status: 403, intern: null, text: 'Kontakte nur für die Verwaltung.' });
    const { user } = renderConsole(<><ContactExportMenu args={{ teamId, sort: 'name' }} /><Popup /></>);
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV (für Excel)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kontakte nur für die Verwaltung.');
    expect(saved).toEqual([]);
    expect(fetchCalls('POST', exportPath)).toHaveLength(0);
  });
});
