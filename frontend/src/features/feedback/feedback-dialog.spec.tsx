import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { FeedbackDialog } from './feedback-dialog';

const sent = { feedbackId: '0b9a4c1e-8888-4aaa-8bbb-000000000001', text: 'ok', checkpoint: 'c1' };

describe('FeedbackDialog', () => {
  it('cannot be sent before a vote is chosen, and says so', () => {
    renderConsole(<FeedbackDialog />);
    expect(screen.getByRole('heading', { name: 'Funktion bewerten' })).toBeVisible();
    const send = screen.getByRole('button', { name: 'Senden' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('Wähle zuerst eine Bewertung.');
    expect(screen.queryByLabelText('Kommentar (optional)')).not.toBeInTheDocument();
  });

  it('marks the chosen vote and then offers a comment of at most 5000 characters', async () => {
    const { user } = renderConsole(<FeedbackDialog />);
    await user.click(screen.getByRole('button', { name: /Fehler gefunden/ }));
    expect(screen.getByRole('button', { name: /Fehler gefunden/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /Gefällt mir/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Kommentar (optional)')).toHaveAttribute('maxLength', '5000');
    expect(screen.getByRole('button', { name: 'Senden' })).toBeEnabled();
  });

  it('sends the vote with the trimmed comment and thanks; "Weiteres Feedback geben" starts over', async () => {
    answer('POST', '/v5/feedback/vote', sent, 201);
    const { user } = renderConsole(<FeedbackDialog />);
    await user.click(screen.getByRole('button', { name: /Gefällt mir/ }));
    await user.type(screen.getByLabelText('Kommentar (optional)'), ' Super ');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Danke für dein Feedback');
    expect(fetchCalls('POST', '/v5/feedback/vote')[0]?.body).toMatchObject({ vote: 1, text: 'Super' });
    await user.click(screen.getByRole('button', { name: 'Weiteres Feedback geben' }));
    expect(screen.getByRole('button', { name: 'Senden' })).toBeDisabled();
  });

  it('shows "Wird gesendet …" on a disabled button while sending', async () => {
    const release = hold('POST', '/v5/feedback/vote', sent);
    const { user } = renderConsole(<FeedbackDialog />);
    await user.click(screen.getByRole('button', { name: /Gefällt mir/ }));
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByRole('button', { name: 'Wird gesendet …' })).toBeDisabled();
    release();
    expect(await screen.findByRole('status')).toBeVisible();
  });

  it('shows the error and clears it when the vote changes', async () => {
    answerError('POST', '/v5/feedback/vote', { status: 500, intern: null, text: '' });
    const { user } = renderConsole(<FeedbackDialog />);
    await user.click(screen.getByRole('button', { name: /Gefällt mir/ }));
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Es ist ein Fehler aufgetreten. Bitte versuche es erneut.');
    await user.click(screen.getByRole('button', { name: /Fehler gefunden/ }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
