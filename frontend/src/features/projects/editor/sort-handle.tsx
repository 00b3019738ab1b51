import { useIntl } from 'react-intl';
import type { useDragSort } from '../../../shared/drag-sort';
import { GripVertical, Icon } from '../../../shared/icons';
import { editorMessages } from './project-editor.messages';

export type HandleProps = ReturnType<ReturnType<typeof useDragSort>['handleProps']>;

export function SortHandle({ name, handle }: { name: string; handle: HandleProps }) {
  const intl = useIntl();
  return (
    <button type="button" className="drag-handle" aria-label={intl.formatMessage(editorMessages.sortHandle, { name })} {...handle}>
      <Icon of={GripVertical} />
    </button>
  );
}
