import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { answerTeamAccess } from '../../shared/testing/team-access';
import { MemberListPage } from './member-list-page';
import { adults, listPath, settings, settingsPath, teamId, youth } from './member-testing';

window.scrollTo = () => undefined;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const saved = { changed: true, checkpoint: '00000000000000000042' };

async function openSettings() {
  answerTeamAccess(teamId, 'tsv', 'owner');
  answer('GET', settingsPath, settings);
  answer('GET', listPath, { total: 0, items: [] });
  const rendered = renderConsole(
    <Routes><Route path="/manage/:ccLink/member" element={<MemberListPage />} /></Routes>,
    { path: '/manage/tsv/member' },
  );
  await rendered.user.click(await screen.findByRole('button', { name: 'Beiträge und Nummern' }));
  const dialog = await screen.findByRole('dialog', { name: 'Beiträge und Nummern' });
  await within(dialog).findByRole('group', { name: 'Beitragsart 1' });
  return { ...rendered, dialog };
}

describe('MemberSettingsDialog', () => {
  it('shows each fee category with name, amount with the decimal comma, currency, interval and its members', async () => {
    const { dialog } = await openSettings();
    const first = within(dialog).getByRole('group', { name: 'Beitragsart 1' });
    expect(within(first).getByLabelText('Bezeichnung')).toHaveValue('Erwachsene');
    expect(within(first).getByLabelText('Betrag')).toHaveValue('60,00');
    expect(within(first).getByLabelText('Währung')).toHaveValue('EUR');
    expect(within(first).getByLabelText('Zahlweise')).toHaveValue('year');
    const intervals = within(within(first).getByLabelText('Zahlweise')).getAllByRole('option').map((option) => option.textContent);
    expect(intervals).toEqual(['jährlich', 'halbjährlich', 'vierteljährlich', 'monatlich']);
    expect(within(dialog).getByText('2 Mitglieder')).toBeVisible();
    expect(within(dialog).getByText('keine Mitglieder')).toBeVisible();
    expect(within(dialog).getByLabelText('Nächste Mitgliedsnummer')).toHaveValue('13');
  });

  it('changes an amount, adds and removes categories and sends them as a whole in minor units', async () => {
    answer('PUT', settingsPath, saved);
    const { user, dialog } = await openSettings();
    const first = within(dialog).getByRole('group', { name: 'Beitragsart 1' });
    await user.clear(within(first).getByLabelText('Betrag'));
    await user.type(within(first).getByLabelText('Betrag'), '48,5');
    await user.click(within(dialog).getByRole('button', { name: 'Beitragsart „Jugend“ entfernen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Beitragsart hinzufügen' }));
    const added = within(dialog).getByRole('group', { name: 'Beitragsart 2' });
    await user.type(within(added).getByLabelText('Bezeichnung'), 'Familie');
    await user.type(within(added).getByLabelText('Betrag'), '5');
    await user.selectOptions(within(added).getByLabelText('Zahlweise'), 'monatlich');
    await user.clear(within(dialog).getByLabelText('Nächste Mitgliedsnummer'));
    await user.type(within(dialog).getByLabelText('Nächste Mitgliedsnummer'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = fetchCalls('PUT', settingsPath)[0]?.body as { feeCategories: { categoryId: string }[]; nextMemberNumber: number };
    expect(body).toEqual({
      feeCategories: [
        { categoryId: adults, name: 'Erwachsene', fee: { amount: 4850, currency: 'EUR' }, interval: 'year' },
        { categoryId: expect.stringMatching(UUID), name: 'Familie', fee: { amount: 500, currency: 'EUR' }, interval: 'month' },
      ],
      nextMemberNumber: 100,
    });
    expect(body.feeCategories[1]?.categoryId).not.toBe(youth);
  });

  it('checks names and amounts before sending', async () => {
    const { user, dialog } = await openSettings();
    const first = within(dialog).getByRole('group', { name: 'Beitragsart 1' });
    await user.clear(within(first).getByLabelText('Bezeichnung'));
    await user.clear(within(first).getByLabelText('Betrag'));
    await user.type(within(first).getByLabelText('Betrag'), '12,345');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(first).getByLabelText('Bezeichnung')).toHaveAccessibleDescription('Bitte gib eine Bezeichnung an (höchstens 60 Zeichen).');
    expect(within(first).getByLabelText('Betrag')).toHaveAccessibleDescription(/Bitte gib einen Betrag von 0 bis 100000/);
    expect(fetchCalls('PUT', settingsPath)).toHaveLength(0);
  });

  it('says the server’s refusal to remove a category that members have, and keeps the dialog open', async () => {
    answerError('PUT', settingsPath, { status: 409, intern: 'fee_category_in_use', text: 'Die Beitragsart „Erwachsene“ haben noch Mitglieder; sie lässt sich nicht entfernen.' });
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByRole('button', { name: 'Beitragsart „Erwachsene“ entfernen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Die Beitragsart „Erwachsene“ haben noch Mitglieder; sie lässt sich nicht entfernen.');
    expect(screen.getByRole('dialog', { name: 'Beiträge und Nummern' })).toBeVisible();
  });
});
