import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { createStore } from '../store';
import { messageOpened, type MessageLayer } from '../ui.slice';
import { renderConsole } from '../../shared/testing/render';
import { MessageStack } from './message-stack';
import { shellMessages } from './shell.messages';

function open(store: ReturnType<typeof createStore>, message: Omit<MessageLayer, 'key'>) {
  act(() => {
    store.dispatch(messageOpened(message));
  });
}

describe('MessageStack', () => {
  it('shows nothing without a message', () => {
    renderConsole(<MessageStack />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the newest message on top and, after its exit button, the one below', async () => {
    const store = createStore();
    const { user } = renderConsole(<MessageStack />, { store });
    open(store, { design: 'info', title: { plain: 'Erste Meldung' }, text: { plain: 'Darunter' }, exitText: { plain: 'OK' }, exit: true });
    open(store, { design: 'warning', title: { plain: 'Zweite Meldung' }, text: { message: shellMessages.searchEmpty }, exitText: { message: shellMessages.close }, exit: true });
    const dialog = screen.getByRole('dialog', { name: 'Zweite Meldung' });
    expect(dialog).toHaveAccessibleDescription('Keine Treffer.');
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.getByRole('dialog', { name: 'Erste Meldung' })).toHaveAccessibleDescription('Darunter');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot be closed when the message has no exit, not even with Escape', async () => {
    const store = createStore();
    const { user } = renderConsole(<MessageStack />, { store });
    open(store, { design: 'danger', title: { plain: 'Wartung' }, text: { plain: 'Bitte warten.' }, exitText: { plain: 'OK' }, exit: false });
    const dialog = screen.getByRole('dialog', { name: 'Wartung' });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(dialog).toBeVisible();
    expect(store.getState().ui.messages).toHaveLength(1);
  });
});
