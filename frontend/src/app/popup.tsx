import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { TIMINGS_MS } from '@planwerk/events/constants';
import { useAppDispatch, useAppSelector } from './hooks';
import { popupHidden } from './ui.slice';

// The popup of spec section 2: a short message that hides itself after 2000 ms (spec 9).
export function Popup() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const popup = useAppSelector((state) => state.ui.popup);

  useEffect(() => {
    if (!popup) return;
    const timer = window.setTimeout(() => dispatch(popupHidden(popup.id)), TIMINGS_MS.popupDefault);
    return () => window.clearTimeout(timer);
  }, [popup, dispatch]);

  return (
    <div className="popup-region" role="status" aria-live="polite">
      {popup && (
        <p key={popup.id} className={`popup popup--${popup.tone}`}>
          {intl.formatMessage(popup.message, popup.values)}
        </p>
      )}
    </div>
  );
}
