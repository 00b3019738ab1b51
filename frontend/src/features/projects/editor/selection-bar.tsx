import { useIntl } from 'react-intl';
import { editorMessages as messages } from './project-editor.messages';

/** Shown while lists are chosen: how many, multi-edit them, or clear the choice. */
export function SelectionBar({ count, onMultiEdit, onClear }: { count: number; onMultiEdit: () => void; onClear: () => void }) {
  const intl = useIntl();
  return (
    <div className="selection-bar" role="region" aria-label={intl.formatMessage(messages.selected, { count })}>
      <span>{intl.formatMessage(messages.selected, { count })}</span>
      <button type="button" className="button button--primary" onClick={onMultiEdit}>{intl.formatMessage(messages.multiEdit)}</button>
      <button type="button" className="button" onClick={onClear}>{intl.formatMessage(messages.clearSelection)}</button>
    </div>
  );
}
