import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { RegisterPage } from './register-page';

// Account registration (spec section 5): /signup, POST /v5/auth.
type Rendered = ReturnType<typeof renderConsole>;

async function fillIn({ user }: Rendered, { pass = 'ein langer Satz', pass2 = pass }: { pass?: string; pass2?: string } = {}) {
  await user.type(screen.getByLabelText('Vorname'), ' Ada ');
  await user.type(screen.getByLabelText('Nachname'), 'Lovelace');
  await user.type(screen.getByLabelText('E-Mail-Adresse'), 'ada@example.org');
  await user.type(screen.getByLabelText('Passwort'), pass);
  await user.type(screen.getByLabelText('Passwort wiederholen'), pass2);
}

async function consent({ user }: Rendered) {
  await user.click(screen.getByLabelText('Ich akzeptiere die Nutzungsbedingungen.'));
  await user.click(screen.getByLabelText('Ich habe die Datenschutzerklärung gelesen.'));
  await user.click(screen.getByLabelText('Ich akzeptiere die funktionalen Cookies, die Planwerk zum Betrieb braucht.'));
}

const submit = ({ user }: Rendered) => user.click(screen.getByRole('button', { name: 'Registrieren' }));

describe('RegisterPage (account registration)', () => {
  it('asks for names with their maximum length, e-mail and the password twice with its hint', () => {
    renderConsole(<RegisterPage />);
    expect(screen.getByRole('heading', { name: 'Konto erstellen' })).toBeVisible();
    expect(screen.getByLabelText('Vorname')).toHaveAttribute('maxLength', '100');
    expect(screen.getByLabelText('Nachname')).toHaveAttribute('maxLength', '100');
    expect(screen.getByLabelText('E-Mail-Adresse')).toBeRequired();
    expect(screen.getByLabelText('Passwort')).toHaveAccessibleDescription(
      'Mindestens 8 Zeichen. Ein langer Satz ist leicht zu merken und schwer zu erraten.',
    );
    expect(screen.getByLabelText('Passwort wiederholen')).toBeRequired();
    expect(screen.getByLabelText('Ich bin mindestens 16 Jahre alt.')).toBeChecked();
  });

  it('names a password shorter than 8 characters at the field and sends nothing', async () => {
    const rendered = renderConsole(<RegisterPage />);
    await fillIn(rendered, { pass: 'kurz' });
    await consent(rendered);
    await submit(rendered);
    expect(screen.getByLabelText('Passwort')).toHaveAccessibleDescription(expect.stringContaining('Das Passwort muss mindestens 8 Zeichen lang sein.'));
    expect(screen.getByLabelText('Passwort')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchCalls('POST', '/v5/auth')).toEqual([]);
  });

  it('names passwords that differ at the repeated field', async () => {
    const rendered = renderConsole(<RegisterPage />);
    await fillIn(rendered, { pass2: 'ein anderer Satz' });
    await consent(rendered);
    await submit(rendered);
    expect(screen.getByLabelText('Passwort wiederholen')).toHaveAccessibleDescription('Die Passwörter stimmen nicht überein.');
    expect(fetchCalls('POST', '/v5/auth')).toEqual([]);
  });

  it('asks for terms, privacy and cookies before sending', async () => {
    const rendered = renderConsole(<RegisterPage />);
    await fillIn(rendered);
    await submit(rendered);
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte bestätige Nutzungsbedingungen, Datenschutz und Cookies.');
    expect(fetchCalls('POST', '/v5/auth')).toEqual([]);
  });

  it('asks someone under 16 for a parent e-mail', async () => {
    const rendered = renderConsole(<RegisterPage />);
    await fillIn(rendered);
    await consent(rendered);
    await rendered.user.click(screen.getByLabelText('Ich bin mindestens 16 Jahre alt.'));
    const parent = screen.getByLabelText('E-Mail-Adresse eines Elternteils');
    expect(parent).toHaveAccessibleDescription('Unter 16 Jahren muss ein Elternteil zustimmen. Wir schicken ihm eine E-Mail.');
    await submit(rendered);
    expect(parent).toHaveAccessibleDescription(expect.stringContaining('Bitte gib die E-Mail-Adresse eines Elternteils an.'));
    expect(fetchCalls('POST', '/v5/auth')).toEqual([]);
  });

  it('registers with trimmed names and shows where the activation mail went', async () => {
    answer('POST', '/v5/auth', { uid: '0b9a4c1e-2222-4aaa-8bbb-000000000001', checkpoint: '00000000000000000001' }, 201);
    const rendered = renderConsole(<RegisterPage />);
    await fillIn(rendered);
    await consent(rendered);
    await submit(rendered);
    expect(await screen.findByRole('heading', { name: 'Fast geschafft!' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('ada@example.org');
    expect(fetchCalls('POST', '/v5/auth')[0]?.body).toMatchObject({
      vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org', terms: true, privacy: true, cookies: true, age: true,
    });
  });

  it('disables the submit while the call is in flight', async () => {
    const release = hold('POST', '/v5/auth', { uid: '0b9a4c1e-2222-4aaa-8bbb-000000000001', checkpoint: '00000000000000000001' });
    const rendered = renderConsole(<RegisterPage />);
    await fillIn(rendered);
    await consent(rendered);
    await submit(rendered);
    expect(screen.getByRole('button', { name: 'Registrieren' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Fast geschafft!' })).toBeVisible();
  });

  it('shows a password the server refuses at the password field', async () => {
    answerError('POST', '/v5/auth', { status: 400, intern: 'validation_failed', text: 'weak', field: 'pass' });
    const rendered = renderConsole(<RegisterPage />);
    await fillIn(rendered);
    await consent(rendered);
    await submit(rendered);
    expect(await screen.findByText('Dieses Passwort ist zu leicht zu erraten. Bitte wähle ein anderes.')).toBeVisible();
    expect(screen.getByLabelText('Passwort')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an e-mail already registered (6001)', async () => {
    answerError('POST', '/v5/auth', { status: 400, intern: 6001, text: 'registered' });
    const rendered = renderConsole(<RegisterPage />);
    await fillIn(rendered);
    await consent(rendered);
    await submit(rendered);
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese E-Mail-Adresse ist bereits registriert.');
  });
});
