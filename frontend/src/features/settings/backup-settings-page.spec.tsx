import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { answer } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { BackupSettingsPage } from './backup-settings-page';

const teamLink = (id: string, link: string, name: string, level: 'owner' | 'admin' | 'space' | 'others', access: Record<string, string[]> = {}) => ({
  id, link, hash: null, obj: 'link_cc', name, team: level === 'others' ? 1 : 2, access: { level, manage: level !== 'others', access }, item: [], cc_id: id,
});

describe('BackupSettingsPage', () => {
  it('offers the personal export and the backups of each team the person may restore', async () => {
    answer('GET', '/v5/user/link', { links: [
      teamLink('t1', 'tsv', 'TSV Musterstadt', 'owner'),
      teamLink('t2', 'chor', 'Kirchenchor', 'others'),
      teamLink('t3', 'schule', 'Grundschule', 'space', { manage_backup: [] }),
    ] });
    renderConsole(<BackupSettingsPage />);
    expect(screen.getByRole('link', { name: 'Meine Daten herunterladen' })).toHaveAttribute('href', '/account/data');
    expect(await screen.findByRole('link', { name: 'Sicherungen von TSV Musterstadt' })).toHaveAttribute('href', '/manage/tsv/backup');
    expect(screen.getByRole('link', { name: 'Sicherungen von Grundschule' })).toHaveAttribute('href', '/manage/schule/backup');
    expect(screen.queryByRole('link', { name: /Kirchenchor/ })).not.toBeInTheDocument();
  });

  it('explains who may open backups when the person manages none', async () => {
    answer('GET', '/v5/user/link', { links: [teamLink('t2', 'chor', 'Kirchenchor', 'others')] });
    renderConsole(<BackupSettingsPage />);
    expect(await screen.findByText(/Du verwaltest in keinem Team Sicherungen/)).toBeVisible();
  });
});
