import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { TIMINGS_MS } from '@planwerk/events/constants';
import { CircleAlert, CircleCheck, Icon, Info, X } from '../shared/icons';
import { useAppDispatch, useAppSelector } from './hooks';
import { popupHidden, type Popup as Toast } from './ui.slice';

const ICONS = { success: CircleCheck, info: Info, danger: CircleAlert } as const;

// The toasts' texts live here, not in shared.messages: this file is part of the first view.
const messages = defineMessages({
  region: { id: 'shared.toasts.region', defaultMessage: 'Meldungen', description: 'Accessible name of the region where short notifications (toasts) appear' },
  close: { id: 'shared.toasts.close', defaultMessage: 'Meldung schließen', description: 'Button that closes a toast notification' },
});

// The popup of spec section 2 as one toast region (issue 14): a stack, newest at the bottom, each
// with its icon and a close button. A toast hides itself after 2000 ms (spec section 9); the time
// stops while the pointer or the keyboard focus is on the region, so it can be read and closed.
export function Popup() {
  const intl = useIntl();
  const toasts = useAppSelector((state) => state.ui.toasts);
  const [paused, setPaused] = useState({ hover: false, focus: false });
  const held = paused.hover || paused.focus;

  return (
    <section
      className="toast-region"
      aria-label={intl.formatMessage(messages.region)}
      onMouseEnter={() => setPaused((state) => ({ ...state, hover: true }))}
      onMouseLeave={() => setPaused((state) => ({ ...state, hover: false }))}
      onFocus={() => setPaused((state) => ({ ...state, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused((state) => ({ ...state, focus: false }));
      }}
    >
      <div role="status" aria-live="polite">
        <ol className="toast-list">
          {toasts.map((toast) => <ToastItem key={toast.id} toast={toast} held={held} />)}
        </ol>
      </div>
    </section>
  );
}

function ToastItem({ toast, held }: { toast: Toast; held: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  // Time left survives a pause: hovering at 1500 ms leaves 500 ms after the pointer goes.
  const left = useRef<number>(TIMINGS_MS.popupDefault);

  useEffect(() => {
    if (held) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dispatch(popupHidden(toast.id)), left.current);
    return () => {
      window.clearTimeout(timer);
      left.current = Math.max(0, left.current - (Date.now() - started));
    };
  }, [held, toast.id, dispatch]);

  return (
    <li className={`toast toast--${toast.tone}`}>
      <span className="toast__icon"><Icon of={ICONS[toast.tone]} /></span>
      <p className="toast__text">{intl.formatMessage(toast.message, toast.values)}</p>
      <button type="button" className="icon-button toast__close" aria-label={intl.formatMessage(messages.close)} onClick={() => dispatch(popupHidden(toast.id))}>
        <Icon of={X} />
      </button>
    </li>
  );
}
