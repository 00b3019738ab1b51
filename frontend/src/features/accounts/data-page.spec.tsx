import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { DataPage } from './data-page';

// jsdom has no object URLs: the browser's are reproduced so the file's content can be read.
const files = new Map<string, Blob>();
const revoked: string[] = [];
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  files.clear();
  revoked.length = 0;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    if (!(blob instanceof Blob)) throw new Error('not a blob');
    const href = `blob:http://localhost/export-${files.size + 1}`;
    files.set(href, blob);
    return href;
  };
  URL.revokeObjectURL = (href: string) => {
    revoked.push(href);
  };
});

afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

// jsdom's Blob has no text(): read it the way older browsers do.
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const exported = { account: { uid: '0b9a4c1e-dada-4aaa-8bbb-000000000001', mail: 'ada@example.org' }, teams: [{ name: 'TSV Musterstadt' }] };

describe('DataPage', () => {
  it('explains the export and asks for nothing before the click', () => {
    renderConsole(<DataPage />);
    expect(screen.getByRole('heading', { name: 'Meine Daten' })).toBeVisible();
    expect(screen.getByText('Lade alles herunter, was Planwerk über dich gespeichert hat, als JSON-Datei.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Daten exportieren' })).toBeEnabled();
    expect(fetchCalls('GET', '/v5/user/data')).toEqual([]);
  });

  it('shows the progress, then offers the export as a JSON file to save', async () => {
    const release = hold('GET', '/v5/user/data', exported);
    const { user } = renderConsole(<DataPage />);
    await user.click(screen.getByRole('button', { name: 'Daten exportieren' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Daten exportieren' })).toBeDisabled());
    expect(screen.getByRole('progressbar', { name: 'Der Export wird erstellt …' })).toBeInTheDocument();
    release();
    const link = await screen.findByRole('link', { name: 'Datei speichern' });
    expect(screen.getByText(/Der Export ist fertig./)).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(link).toHaveAttribute('download', 'planwerk-daten.json');
    const file = files.get(link.getAttribute('href') ?? '');
    expect(file?.type).toBe('application/json');
    expect(JSON.parse(await textOf(file ?? new Blob()))).toEqual(exported);
  });

  it('gives the file back to the browser when the page closes', async () => {
    answer('GET', '/v5/user/data', exported);
    const { user, unmount } = renderConsole(<DataPage />);
    await user.click(screen.getByRole('button', { name: 'Daten exportieren' }));
    const href = (await screen.findByRole('link', { name: 'Datei speichern' })).getAttribute('href');
    unmount();
    expect(revoked).toEqual([href]);
  });

  it('shows a failed export and can be tried again', async () => {
    answerError('GET', '/v5/user/data', { status: 500, intern: null, text: 'boom' });
    const { user } = renderConsole(<DataPage />);
    await user.click(screen.getByRole('button', { name: 'Daten exportieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Es ist ein Fehler aufgetreten. Bitte versuche es erneut.');
    expect(screen.queryByRole('link', { name: 'Datei speichern' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Daten exportieren' })).toBeEnabled();
  });
});
