import { useEffect, useId, useRef } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../hooks';
import { messageClosed, type LayerText, type MessageLayer } from '../ui.slice';
import { useLayer } from './layers';

export function layerText(intl: IntlShape, text: LayerText): string {
  return 'plain' in text ? text.plain : intl.formatMessage(text.message, text.values);
}

/** Closes the top message (Escape, Enter, back); a message with exit false stays. */
export function useCloseTopMessage(): { top: MessageLayer | null; close: () => boolean } {
  const dispatch = useAppDispatch();
  const messages = useAppSelector((state) => state.ui.messages);
  const top = messages[messages.length - 1] ?? null;
  return {
    top,
    close: () => {
      if (!top || !top.exit) return false;
      dispatch(messageClosed(top.key));
      return true;
    },
  };
}

// The message dialog of spec section 2: layers stack, the newest on top; exit false means it
// cannot be closed (spec section 4). Enter confirms the top one (see use-shell-keyboard).
export function MessageStack() {
  const intl = useIntl();
  const { top, close } = useCloseTopMessage();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useLayer('message', top !== null, close);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (top && !dialog.open) dialog.showModal();
    if (!top && dialog.open) dialog.close();
  }, [top]);

  return (
    <dialog
      ref={ref}
      data-layer="message"
      data-testid="message-layer"
      className={`dialog dialog--${top?.design ?? 'info'}`}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Escape is handled by the shell keyboard in layer order; a native cancel never closes.
        event.preventDefault();
      }}
    >
      {top && (
        <>
          <h2 id={titleId}>{top.title ? layerText(intl, top.title) : null}</h2>
          <p id={textId}>{layerText(intl, top.text)}</p>
          {top.exit && top.exitText && (
            <div className="dialog__actions">
              <button type="button" className="button button--primary" onClick={close}>
                {layerText(intl, top.exitText)}
              </button>
            </div>
          )}
        </>
      )}
    </dialog>
  );
}
