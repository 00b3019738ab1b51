import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { answerTeamAccess } from '../../shared/testing/team-access';
import { ContactNewPage } from './contact-new-page';
import { contactId, listPath, teamId } from './contact-testing';

// The birth date field loads its module lazily: the first use waits for it.
jest.setTimeout(30_000);

const created = { contactId: contactId(7), checkpoint: '00000000000000000042' };

function renderForm() {
  answerTeamAccess(teamId, 'tsv', 'owner');
  return renderConsole(
    <Routes>
      <Route path="/manage/:ccLink/contact/new" element={<ContactNewPage />} />
      <Route path="/manage/:ccLink/contact/user/:id" element={<p>Kontaktseite</p>} />
      <Route path="/manage/:ccLink/contact" element={<p>Kontaktliste</p>} />
    </Routes>,
    { path: '/manage/tsv/contact/new' },
  );
}

describe('ContactNewPage', () => {
  it('asks for every field of a contact, with the countries named in German', async () => {
    renderForm();
    expect(await screen.findByRole('heading', { name: 'Neuer Kontakt', level: 1 })).toBeVisible();
    for (const label of ['Art', 'Status', 'Vorname', 'Nachname', 'Firma', 'E-Mail', 'Telefon', 'Mobil', 'Straße', 'PLZ', 'Ort', 'Land', 'Notiz']) {
      expect(screen.getByLabelText(label)).toBeVisible();
    }
    expect(await screen.findByText('Geburtsdatum')).toBeVisible();
    const types = within(screen.getByLabelText('Art')).getAllByRole('option').map((option) => option.textContent);
    expect(types).toEqual(['Kontakt', 'Mitglied', 'Mitarbeiter/in']);
    const countries = within(screen.getByLabelText('Land')).getAllByRole('option').map((option) => option.textContent);
    expect(countries).toHaveLength(24);
    expect(countries[0]).toBe('Kein Land');
    expect(countries).toEqual(expect.arrayContaining(['Deutschland', 'Österreich', 'Schweiz', 'Vereinigtes Königreich']));
    // Sorted as German sorts: Österreich after Norwegen.
    expect(countries.indexOf('Österreich')).toBeGreaterThan(countries.indexOf('Norwegen'));
  });

  it('wants a name or a company and says so at the last name, without sending', async () => {
    const { user } = renderForm();
    await user.type(await screen.findByLabelText('E-Mail'), 'anna@berg.example');
    await user.click(screen.getByRole('button', { name: 'Kontakt anlegen' }));
    const lastName = screen.getByLabelText('Nachname');
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(lastName).toHaveAccessibleDescription(/Bitte gib einen Vor- oder Nachnamen oder eine Firma an\./);
    expect(lastName).toHaveFocus();
    await user.type(screen.getByLabelText('Firma'), 'Bäckerei Berg');
    expect(lastName).not.toHaveAttribute('aria-invalid');
    expect(fetchCalls('POST', listPath)).toHaveLength(0);
  });

  it('checks e-mail, phone and postcode as the server does', async () => {
    const { user } = renderForm();
    await user.type(await screen.findByLabelText('Nachname'), 'Berg');
    await user.type(screen.getByLabelText('E-Mail'), 'anna@berg');
    await user.type(screen.getByLabelText('Telefon'), 'Büro 0711');
    await user.type(screen.getByLabelText('PLZ'), '7#');
    await user.click(screen.getByRole('button', { name: 'Kontakt anlegen' }));
    expect(screen.getByLabelText('E-Mail')).toHaveAccessibleDescription('Bitte gib eine gültige E-Mail-Adresse ein, zum Beispiel name@beispiel.de.');
    expect(screen.getByLabelText('Telefon')).toHaveAccessibleDescription(/Bitte gib eine Telefonnummer aus Ziffern ein/);
    expect(screen.getByLabelText('PLZ')).toHaveAccessibleDescription(/Bitte gib eine Postleitzahl/);
    expect(screen.getByLabelText('E-Mail')).toHaveFocus();
    expect(fetchCalls('POST', listPath)).toHaveLength(0);
  });

  it('creates the contact with the trimmed values and opens its page', async () => {
    answer('POST', listPath, created, 201);
    const { user } = renderForm();
    await user.selectOptions(await screen.findByLabelText('Art'), 'Mitglied');
    await user.type(screen.getByLabelText('Vorname'), '  Anna ');
    await user.type(screen.getByLabelText('Nachname'), 'Berg');
    await user.type(screen.getByLabelText('Telefon'), '0711 123456');
    await user.selectOptions(screen.getByLabelText('Land'), 'Österreich');
    await user.type(screen.getByLabelText('Notiz'), 'Bringt Kuchen mit.');
    await user.click(screen.getByRole('button', { name: 'Kontakt anlegen' }));
    expect(await screen.findByText('Kontaktseite')).toBeVisible();
    const [call] = fetchCalls('POST', listPath);
    expect(call?.body).toEqual({
      type: 'member', status: 'active',
      details: { firstName: 'Anna', lastName: 'Berg', company: '', email: '', phone: '0711 123456', mobile: '', street: '', postcode: '', city: '', country: 'at', birthDate: '', note: 'Bringt Kuchen mit.' },
    });
  });

  it('shows the server’s refusal at the field it names', async () => {
    answerError('POST', listPath, { status: 400, intern: 'validation_failed', text: 'Die Eingabe im Feld „details.city“ ist ungültig.', field: 'details.city' });
    const { user } = renderForm();
    await user.type(await screen.findByLabelText('Nachname'), 'Berg');
    await user.type(screen.getByLabelText('Ort'), 'Stuttgart');
    await user.click(screen.getByRole('button', { name: 'Kontakt anlegen' }));
    await waitFor(() => expect(screen.getByLabelText('Ort')).toHaveAccessibleDescription('Bitte prüfe diese Eingabe.'));
    // Not the server's raw field key anywhere.
    expect(screen.queryByText(/details\.city/)).not.toBeInTheDocument();
    expect(screen.queryByText('Kontaktseite')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Ort'), '-Mitte');
    expect(screen.getByLabelText('Ort')).not.toHaveAttribute('aria-invalid');
  });

  it('puts the server’s name rule at the last name', async () => {
    answerError('POST', listPath, { status: 400, intern: 'contact_name_required', text: 'Bitte gib einen Vor- oder Nachnamen oder eine Firma an.', field: 'lastName' });
    const { user } = renderForm();
    await user.type(await screen.findByLabelText('Vorname'), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Kontakt anlegen' }));
    await waitFor(() => expect(screen.getByLabelText('Nachname')).toHaveAccessibleDescription(/Bitte gib einen Vor- oder Nachnamen oder eine Firma an\./));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says an error without a field above the buttons, and keeps the button disabled while the call runs', async () => {
    const release = hold('POST', listPath, created);
    const { user } = renderForm();
    await user.type(await screen.findByLabelText('Nachname'), 'Berg');
    await user.click(screen.getByRole('button', { name: 'Kontakt anlegen' }));
    expect(screen.getByRole('button', { name: 'Kontakt anlegen' })).toBeDisabled();
    release();
    expect(await screen.findByText('Kontaktseite')).toBeVisible();
  });

  it('says a refusal without a field in words', async () => {
    answerError('POST', listPath, { status: 403, intern: 'no_permission', text: 'no permission' });
    const { user } = renderForm();
    await user.type(await screen.findByLabelText('Nachname'), 'Berg');
    await user.click(screen.getByRole('button', { name: 'Kontakt anlegen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Du hast keine Berechtigung für diesen Bereich.');
  });
});
