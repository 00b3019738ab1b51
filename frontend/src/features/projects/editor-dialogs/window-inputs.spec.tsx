import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderConsole } from '../../../shared/testing/render';
import type { ListWindow } from '../projects.api';
import { toLocalInput, windowOf, WindowInputs, type WindowDraft } from './window-inputs';

// The date and time fields and the chart load their module lazily: the first use waits for it.
jest.setTimeout(30_000);

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

async function segmentsOf(label: string) {
  const group = await screen.findByRole('group', { name: label }, { timeout: 10000 });
  return within(group).getAllByRole('spinbutton');
}
const texts = (segments: HTMLElement[]) => segments.map((segment) => segment.textContent);

describe('WindowInputs', () => {
  it('asks for start, limit date and end of the sign-up as local date and time, none required', async () => {
    renderConsole(<Window initial={none} onWindow={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Zeitraum der Eintragung' })).toBeVisible();
    for (const label of ['Eintragung ab', 'Eintragung bis', 'Ende der Liste']) {
      const segments = await segmentsOf(label);
      expect(segments.map((segment) => segment.getAttribute('data-type'))).toEqual(['day', 'month', 'year', 'hour', 'minute']);
      for (const segment of segments) expect(segment).not.toHaveAttribute('aria-required', 'true');
      expect(segments.every((segment) => segment.hasAttribute('data-placeholder'))).toBe(true);
    }
  });

  it('shows a window in local time', async () => {
    const opensAt = new Date(2027, 5, 1, 9, 30).toISOString();
    const endsAt = new Date(2027, 5, 30, 18, 5).toISOString();
    renderConsole(<Window initial={{ opensAt, closesAt: null, endsAt }} onWindow={() => undefined} />);
    expect(texts(await segmentsOf('Eintragung ab'))).toEqual(['01', '06', '2027', '09', '30']);
    expect((await segmentsOf('Eintragung bis')).every((segment) => segment.hasAttribute('data-placeholder'))).toBe(true);
    expect(texts(await segmentsOf('Ende der Liste'))).toEqual(['30', '06', '2027', '18', '05']);
  });

  it('changes one end and keeps the others; an emptied end is no limit', async () => {
    const onWindow = jest.fn<(window: ListWindow) => void>();
    const opensAt = new Date(2027, 5, 1, 9, 30).toISOString();
    const { user } = renderConsole(<Window initial={{ ...none, opensAt }} onWindow={onWindow} />);
    await user.click((await segmentsOf('Eintragung bis'))[0]);
    await user.keyboard('200620271200');
    expect(texts(await segmentsOf('Eintragung bis'))).toEqual(['20', '06', '2027', '12', '00']);
    expect(onWindow).toHaveBeenLastCalledWith({ opensAt, closesAt: new Date(2027, 5, 20, 12, 0).toISOString(), endsAt: null });
    await user.click(screen.getByRole('button', { name: '„Eintragung ab“ leeren' }));
    expect(onWindow).toHaveBeenLastCalledWith({ opensAt: null, closesAt: new Date(2027, 5, 20, 12, 0).toISOString(), endsAt: null });
  });
});
