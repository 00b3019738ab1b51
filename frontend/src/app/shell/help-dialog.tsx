import { useEffect, useId, useRef } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { VersionInfo } from '../../features/update/version-facts';
import { useKeyLabel } from './key-labels';
import { useLayer } from './layers';
import { shellMessages } from './shell.messages';

const SHORTCUTS: readonly (readonly [string, MessageDescriptor])[] = [
  ['Ctrl+Space / Ctrl+F', shellMessages.keySearch],
  ['Esc', shellMessages.keyEscape],
  ['Enter', shellMessages.keyEnter],
  ['Ctrl+1 … Ctrl+4', shellMessages.keyThemes],
  ['Ctrl+P / Ctrl+S', shellMessages.keyExport],
  ['Shift + DE/EN/FR/IT', shellMessages.keyTranslator],
];

// "Hilfe" of the sidebar: the keyboard rules of spec section 2, and the versions of the app and
// the platforms (asked for only while the dialog is open).
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const keyLabel = useKeyLabel();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const shortcutsId = useId();
  useLayer('help', open, () => {
    onClose();
    return true;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      data-layer="help"
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{intl.formatMessage(shellMessages.helpTitle)}</h2>
      <section aria-labelledby={shortcutsId}>
        <h3 id={shortcutsId}>{intl.formatMessage(shellMessages.helpIntro)}</h3>
        <dl className="shortcuts">
          {SHORTCUTS.map(([keys, description]) => (
            <div key={keys} className="shortcuts__row">
              <dt><kbd>{keyLabel(keys)}</kbd></dt>
              <dd>{intl.formatMessage(description)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {open && <VersionInfo />}
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>{intl.formatMessage(shellMessages.close)}</button>
      </div>
    </dialog>
  );
}
