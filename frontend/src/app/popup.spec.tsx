import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { defineMessages } from 'react-intl';
import { renderConsole } from '../shared/testing/render';
import { Popup } from './popup';
import { popupShown } from './ui.slice';

const texts = defineMessages({
  saved: { id: 'test.saved', defaultMessage: 'Gespeichert' },
  copied: { id: 'test.copied', defaultMessage: 'Link kopiert' },
  failed: { id: 'test.failed', defaultMessage: 'Nicht ausreichende Berechtigung' },
  fourth: { id: 'test.fourth', defaultMessage: 'Vierte Meldung' },
});

function toastTexts() {
  return within(screen.getByRole('status')).queryAllByRole('listitem').map((toast) => toast.textContent);
}

describe('Popup (toasts)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows each message in one polite live region with the icon of its tone and a close button', () => {
    const { store } = renderConsole(<Popup />);
    const region = screen.getByRole('region', { name: 'Meldungen' });
    expect(within(region).getByRole('status')).toHaveAttribute('aria-live', 'polite');
    act(() => {
      store.dispatch(popupShown({ message: texts.saved, tone: 'success' }));
      store.dispatch(popupShown({ message: texts.failed, tone: 'danger' }));
    });
    const toasts = within(region).getAllByRole('listitem');
    expect(toasts.map((toast) => toast.className)).toEqual(['toast toast--success', 'toast toast--danger']);
    for (const toast of toasts) expect(toast.querySelector('svg.icon')).toHaveAttribute('aria-hidden', 'true');
    fireEvent.click(within(toasts[0]).getByRole('button', { name: 'Meldung schließen' }));
    expect(toastTexts()).toEqual(['Nicht ausreichende Berechtigung']);
  });

  it('hides a toast after 2000 ms', () => {
    const { store } = renderConsole(<Popup />);
    act(() => {
      store.dispatch(popupShown({ message: texts.saved, tone: 'success' }));
    });
    act(() => jest.advanceTimersByTime(1999));
    expect(toastTexts()).toEqual(['Gespeichert']);
    act(() => jest.advanceTimersByTime(1));
    expect(toastTexts()).toEqual([]);
  });

  it('stops the time while the pointer or the focus is on the toasts and keeps what was left', () => {
    const { store } = renderConsole(<Popup />);
    act(() => {
      store.dispatch(popupShown({ message: texts.saved, tone: 'info' }));
    });
    act(() => jest.advanceTimersByTime(1500));
    const region = screen.getByRole('region', { name: 'Meldungen' });
    fireEvent.mouseEnter(region);
    act(() => jest.advanceTimersByTime(10_000));
    expect(toastTexts()).toEqual(['Gespeichert']);
    fireEvent.mouseLeave(region);
    act(() => jest.advanceTimersByTime(400));
    expect(toastTexts()).toEqual(['Gespeichert']);
    act(() => {
      screen.getByRole('button', { name: 'Meldung schließen' }).focus();
    });
    act(() => jest.advanceTimersByTime(10_000));
    expect(toastTexts()).toEqual(['Gespeichert']);
    act(() => {
      screen.getByRole('button', { name: 'Meldung schließen' }).blur();
    });
    act(() => jest.advanceTimersByTime(100));
    expect(toastTexts()).toEqual([]);
  });

  it('stacks up to three, newest last; the same message again replaces the older one', () => {
    const { store } = renderConsole(<Popup />);
    act(() => {
      store.dispatch(popupShown({ message: texts.saved, tone: 'success' }));
      store.dispatch(popupShown({ message: texts.copied, tone: 'success' }));
      store.dispatch(popupShown({ message: texts.saved, tone: 'success' }));
    });
    expect(toastTexts()).toEqual(['Link kopiert', 'Gespeichert']);
    act(() => {
      store.dispatch(popupShown({ message: texts.failed, tone: 'danger' }));
      store.dispatch(popupShown({ message: texts.fourth, tone: 'info' }));
    });
    expect(toastTexts()).toEqual(['Gespeichert', 'Nicht ausreichende Berechtigung', 'Vierte Meldung']);
  });
});
