import { useState } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import type { EditorCall } from './editor-context';
import { editorMessages } from './project-editor.messages';

/** Runs the calls of the editor's menus: success pops up, the last error stays above the phases. */
export function useEditorRun(): { run: (action: EditorCall) => void; lastError: ApiError | SerializedError | undefined } {
  const dispatch = useAppDispatch();
  const [lastError, setLastError] = useState<ApiError | SerializedError | undefined>(undefined);
  const run = (action: EditorCall) => {
    setLastError(undefined);
    void action.then((result) => {
      if (result.error) setLastError(result.error);
      else dispatch(popupShown({ message: editorMessages.done, tone: 'success' }));
    });
  };
  return { run, lastError };
}
