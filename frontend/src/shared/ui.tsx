import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import './ui.css';
import { untyped } from './untyped-messages';
import { EllipsisVertical, Icon, X } from './icons';

// Small building blocks of the project screens: a modal dialog, a confirmation and the
// context menus of spec section 2 (a menu button; Ctrl-click runs the menu's primary entry).

const messages = untyped(defineMessages({
  close: { id: 'projects.ui.close', defaultMessage: 'Schließen', description: 'Closes a dialog' },
  cancel: { id: 'projects.ui.cancel', defaultMessage: 'Abbrechen', description: 'Cancels a confirmation' },
  confirm: { id: 'projects.ui.confirm', defaultMessage: 'Bestätigen', description: 'Confirms a confirmation' },
}));

/** A modal dialog, open while mounted; Escape and the close button call onClose. */
export function Modal({ title, onClose, children, wide = false, tone }: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  tone?: 'danger';
}) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={['dialog', wide ? 'dialog--wide' : '', tone === 'danger' ? 'dialog--danger' : ''].join(' ').trim()}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label={intl.formatMessage(messages.close)} onClick={onClose}><Icon of={X} /></button>
      </div>
      {children}
    </dialog>
  );
}

interface PendingConfirm {
  text: string;
  confirmLabel: string;
  danger: boolean;
  resolve: (ok: boolean) => void;
}

/** `confirm(text)` resolves true when the user confirms; render `dialog` once. */
export function useConfirm(): { confirm: (text: string, options?: { confirmLabel?: string; danger?: boolean }) => Promise<boolean>; dialog: ReactNode } {
  const intl = useIntl();
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const confirm = useCallback((text: string, options: { confirmLabel?: string; danger?: boolean } = {}) => new Promise<boolean>((resolve) => {
    setPending({ text, confirmLabel: options.confirmLabel ?? intl.formatMessage(messages.confirm), danger: options.danger ?? false, resolve });
  }), [intl]);
  const finish = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const dialog = pending && (
    <Modal title={pending.confirmLabel} onClose={() => finish(false)} tone={pending.danger ? 'danger' : undefined}>
      <p>{pending.text}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={() => finish(false)}>{intl.formatMessage(messages.cancel)}</button>
        <button
          type="button"
          autoFocus
          className={pending.danger ? 'button button--danger' : 'button button--primary'}
          onClick={() => finish(true)}
        >
          {pending.confirmLabel}
        </button>
      </div>
    </Modal>
  );
  return { confirm, dialog };
}

export interface MenuEntry {
  key: string;
  label: string;
  onSelect: () => void;
  danger?: boolean;
  /** Ctrl-click on the menu button runs this entry (spec section 2). */
  primary?: boolean;
  hidden?: boolean;
  /** Shown only when the menu was opened with the Alt key held (spec section 2: the list's "backup"). */
  altOnly?: boolean;
}

/** A context menu behind a button: arrow keys move, Escape closes, Ctrl-click runs the primary entry. */
export function ActionMenu({ label, entries, className }: { label: string; entries: MenuEntry[]; className?: string }) {
  const [open, setOpen] = useState(false);
  const [withAlt, setWithAlt] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const visible = entries.filter((entry) => !entry.hidden && (!entry.altOnly || withAlt));

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const outside = (event: globalThis.MouseEvent) => {
      const target = event.target as Node;
      if (!listRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  function toggle(event: MouseEvent<HTMLButtonElement>) {
    if (event.ctrlKey || event.metaKey) {
      const primary = visible.find((entry) => entry.primary) ?? visible[0];
      primary?.onSelect();
      return;
    }
    setWithAlt(event.altKey);
    setOpen((value) => !value);
  }

  // Alt+Enter / Alt+Space open the menu with its Alt-only entries from the keyboard.
  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (!event.altKey || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    setWithAlt(true);
    setOpen(true);
  }

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const index = items.findIndex((item) => item === document.activeElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className={`menu ${className ?? ''}`.trim()}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={label}
        onClick={toggle}
        onKeyDown={onButtonKeyDown}
      >
        <Icon of={EllipsisVertical} />
      </button>
      {open && (
        <ul ref={listRef} id={menuId} role="menu" aria-label={label} className="menu__list" onKeyDown={onKeyDown}>
          {visible.map((entry) => (
            <li key={entry.key} role="none">
              <button
                type="button"
                role="menuitem"
                className={entry.danger ? 'menu__item menu__item--danger' : 'menu__item'}
                onClick={() => {
                  setOpen(false);
                  entry.onSelect();
                }}
              >
                {entry.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Progress of a long action (export): a labelled progress bar. */
export function ProgressBar({ label, value, max }: { label: string; value: number; max: number | null }) {
  return (
    <div className="progress" role="group" aria-label={label}>
      <span>{label}</span>
      {max === null ? <progress aria-label={label} /> : <progress aria-label={label} value={value} max={max} />}
    </div>
  );
}
