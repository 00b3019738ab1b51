import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { updateMessages } from './update.messages';

interface UpdateDialogProps {
  open: boolean;
  // Without onClose the dialog cannot be dismissed (a broken route must reload).
  onClose?: () => void;
}

// Danger dialog of spec section 8: "Update verfügbar", reload prompt, "Neu laden".
export function UpdateDialog({ open, onClose }: UpdateDialogProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog dialog--danger"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
    >
      <h2 id={titleId}>{intl.formatMessage(updateMessages.title)}</h2>
      <p id={textId}>{intl.formatMessage(updateMessages.text)}</p>
      <div className="dialog__actions">
        {onClose && (
          <button type="button" className="button" onClick={onClose}>
            {intl.formatMessage(updateMessages.later)}
          </button>
        )}
        <button type="button" className="button button--danger" onClick={() => window.location.reload()}>
          {intl.formatMessage(updateMessages.reload)}
        </button>
      </div>
    </dialog>
  );
}
