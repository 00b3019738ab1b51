import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import { dialogMessages } from './project-dialogs.messages';

/** The clipboard with the spec's success and failure popups. */
export function useCopyToClipboard(): (text: string) => void {
  const dispatch = useAppDispatch();
  return (text: string) => {
    navigator.clipboard.writeText(text).then(
      () => dispatch(popupShown({ message: dialogMessages.copyDone, tone: 'success' })),
      () => dispatch(popupShown({ message: dialogMessages.copyFailed, tone: 'danger' })),
    );
  };
}
