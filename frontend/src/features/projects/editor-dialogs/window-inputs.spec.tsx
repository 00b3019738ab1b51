import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderConsole } from '../../../shared/testing/render';
import type { ListWindow } from '../projects.api';
import { toLocalInput, windowOf, WindowInputs, type WindowDraft } from './window-inputs';

// The list dialog keeps the window as the inputs' texts and sends windowOf(draft).
function Window({ initial, onWindow }: { initial: ListWindow; onWindow: (window: ListWindow) => void }) {
  const [draft, setDraft] = useState<WindowDraft>({
    opensAt: toLocalInput(initial.opensAt), closesAt: toLocalInput(initial.closesAt), endsAt: toLocalInput(initial.endsAt),
  });
  return (
    <WindowInputs
      window={draft}
      onChange={(next) => {
        setDraft(next);
        onWindow(windowOf(next));
      }}
    />
  );
}

const none: ListWindow = { opensAt: null, closesAt: null, endsAt: null };

describe('WindowInputs', () => {
  it('asks for start, limit date and end of the sign-up as local date and time, none required', () => {
    renderConsole(<Window initial={none} onWindow={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Zeitraum der Eintragung' })).toBeVisible();
    for (const label of ['Eintragung ab', 'Eintragung bis', 'Ende der Liste']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'datetime-local');
      expect(screen.getByLabelText(label)).toHaveValue('');
      expect(screen.getByLabelText(label)).not.toBeRequired();
    }
  });

  it('shows a window in local time', () => {
    const opensAt = new Date(2027, 5, 1, 9, 30).toISOString();
    const endsAt = new Date(2027, 5, 30, 18, 5).toISOString();
    renderConsole(<Window initial={{ opensAt, closesAt: null, endsAt }} onWindow={() => undefined} />);
    expect(screen.getByLabelText('Eintragung ab')).toHaveValue('2027-06-01T09:30');
    expect(screen.getByLabelText('Eintragung bis')).toHaveValue('');
    expect(screen.getByLabelText('Ende der Liste')).toHaveValue('2027-06-30T18:05');
  });

  it('changes one end and keeps the others; an emptied end is no limit', () => {
    const onWindow = jest.fn<(window: ListWindow) => void>();
    const opensAt = new Date(2027, 5, 1, 9, 30).toISOString();
    renderConsole(<Window initial={{ ...none, opensAt }} onWindow={onWindow} />);
    fireEvent.change(screen.getByLabelText('Eintragung bis'), { target: { value: '2027-06-20T12:00' } });
    expect(screen.getByLabelText('Eintragung bis')).toHaveValue('2027-06-20T12:00');
    expect(onWindow).toHaveBeenLastCalledWith({ opensAt, closesAt: new Date(2027, 5, 20, 12, 0).toISOString(), endsAt: null });
    fireEvent.change(screen.getByLabelText('Eintragung ab'), { target: { value: '' } });
    expect(onWindow).toHaveBeenLastCalledWith({ opensAt: null, closesAt: new Date(2027, 5, 20, 12, 0).toISOString(), endsAt: null });
  });
});
