import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { TotpSection } from './totp-section';

const status = (enabled: boolean, left = 10) => ({ totp: { enabled, pending: false, recoveryCodesLeft: enabled ? left : 0 }, passkeys: [] });
const setup = { secret: 'JBSWY3DPEHPK3PXP', url: 'otpauth://totp/Planwerk?secret=JBSWY3DPEHPK3PXP', qr: 'data:image/png;base64,AAAA', checkpoint: 'c1' };
const codes = ['aaaa-1111', 'bbbb-2222'];

describe('TotpSection', () => {
  it('sets up: shows the QR code and the key, asks for the required code and shows the recovery codes once', async () => {
    answer('GET', '/v5/auth/2fa', status(false));
    answer('POST', '/v5/auth/2fa/setup', setup);
    answer('POST', '/v5/auth/2fa/confirm', { recoveryCodes: codes, checkpoint: 'c2' });
    const { user } = renderConsole(<TotpSection />);
    expect(await screen.findByText('Aus. Mit einer Authenticator-App schützt ein zweiter Schritt dein Konto.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Einrichten' }));
    expect(await screen.findByRole('img', { name: 'QR-Code für die Authenticator-App' })).toHaveAttribute('src', setup.qr);
    expect(screen.getByText(setup.secret)).toBeVisible();
    expect(screen.getByRole('link', { name: 'In der Authenticator-App öffnen' })).toHaveAttribute('href', setup.url);
    const code = screen.getByLabelText('Code aus der App');
    expect(code).toBeRequired();
    await user.type(code, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Bestätigen und einschalten' }));
    const shown = await screen.findByRole('list', { name: 'Deine Wiederherstellungscodes' });
    expect(within(shown).getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes);
    expect(fetchCalls('POST', '/v5/auth/2fa/confirm')[0]?.body).toEqual({ code: '123456' });
  });

  it('says a wrong code during the set-up', async () => {
    answer('GET', '/v5/auth/2fa', status(false));
    answer('POST', '/v5/auth/2fa/setup', setup);
    answerError('POST', '/v5/auth/2fa/confirm', { status: 400, intern: 'totp_code_invalid', text: 'wrong' });
    const { user } = renderConsole(<TotpSection />);
    await user.click(await screen.findByRole('button', { name: 'Einrichten' }));
    await user.type(await screen.findByLabelText('Code aus der App'), '000000');
    await user.click(screen.getByRole('button', { name: 'Bestätigen und einschalten' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Code ist nicht gültig.');
  });

  it('when on: shows the codes left; regenerating and switching off need a code of at least 6 characters', async () => {
    answer('GET', '/v5/auth/2fa', status(true, 3));
    answer('POST', '/v5/auth/2fa/recovery', { recoveryCodes: codes, checkpoint: 'c3' });
    const { user } = renderConsole(<TotpSection />);
    expect(await screen.findByText('An. 3 Wiederherstellungscodes übrig')).toBeVisible();
    const regenerate = screen.getByRole('button', { name: 'Neue Wiederherstellungscodes' });
    const off = screen.getByRole('button', { name: 'Ausschalten' });
    expect(regenerate).toBeDisabled();
    expect(off).toBeDisabled();
    await user.type(screen.getByLabelText('Code aus der App oder Wiederherstellungscode'), '123456');
    expect(off).toBeEnabled();
    await user.click(regenerate);
    expect(await screen.findByRole('list', { name: 'Deine Wiederherstellungscodes' })).toBeVisible();
    expect(screen.getByLabelText('Code aus der App oder Wiederherstellungscode')).toHaveValue('');
  });
});
