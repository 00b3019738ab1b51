import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { SecondFactorStep } from './second-factor-step';

const user = {
  uid: '0b9a4c1e-eeee-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};

function renderStep(onCancel = jest.fn()) {
  return { onCancel, ...renderConsole(
    <Routes>
      <Route path="/login" element={<SecondFactorStep state="challenge-1" onCancel={onCancel} />} />
      <Route path="*" element={<p>Weitergeleitet</p>} />
    </Routes>,
    { path: '/login' },
  ) };
}

describe('SecondFactorStep', () => {
  it('asks for the required code and can only be confirmed with at least 6 characters', async () => {
    const { user: person } = renderStep();
    expect(screen.getByRole('form', { name: 'Bestätigung in zwei Schritten' })).toBeVisible();
    expect(screen.getByLabelText('Code')).toBeRequired();
    expect(screen.getByLabelText('Code')).toHaveFocus();
    await person.type(screen.getByLabelText('Code'), '12345');
    expect(screen.getByRole('button', { name: 'Bestätigen' })).toBeDisabled();
    await person.type(screen.getByLabelText('Code'), '6');
    expect(screen.getByRole('button', { name: 'Bestätigen' })).toBeEnabled();
  });

  it('completes the login with the code and the state of the first answer', async () => {
    answer('POST', '/v5/auth/secure', { token: 'session-token', user });
    const { user: person } = renderStep();
    await person.type(screen.getByLabelText('Code'), ' 123456 ');
    await person.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Weitergeleitet')).toBeVisible();
    expect(fetchCalls('POST', '/v5/auth/secure')[0]?.body).toMatchObject({ mode: '2fa', code: '123456', state: 'challenge-1' });
  });

  it('switches to a recovery code and back, clearing the field', async () => {
    const { user: person } = renderStep();
    await person.type(screen.getByLabelText('Code'), '123');
    await person.click(screen.getByRole('button', { name: 'Wiederherstellungscode verwenden' }));
    expect(screen.getByText('Gib einen deiner Wiederherstellungscodes ein. Jeder Code gilt nur einmal.')).toBeVisible();
    expect(screen.getByLabelText('Wiederherstellungscode')).toHaveValue('');
    await person.click(screen.getByRole('button', { name: 'Code aus der App verwenden' }));
    expect(screen.getByLabelText('Code')).toBeVisible();
  });

  it('says a wrong code, and an expired login on 6011', async () => {
    answerError('POST', '/v5/auth/secure', { status: 400, intern: 'second_factor_invalid', text: 'wrong' });
    const { user: person } = renderStep();
    await person.type(screen.getByLabelText('Code'), '000000');
    await person.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Code ist nicht gültig. Bitte versuche es erneut.');
    answerError('POST', '/v5/auth/secure', { status: 401, intern: 6011, text: 'expired' });
    await person.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Die Anmeldung ist abgelaufen. Bitte melde dich erneut mit E-Mail und Passwort an.')).toBeVisible();
  });

  it('goes back on Abbrechen', async () => {
    const { user: person, onCancel } = renderStep();
    await person.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
