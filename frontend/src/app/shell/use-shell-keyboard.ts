import { useEffect, useRef } from 'react';
import { THEMES } from '@planwerk/events/constants';
import { useDevMode } from '../../features/dev/dev.api';
import { useAppDispatch } from '../hooks';
import { searchOpened } from '../ui.slice';
import { useChooseTheme } from '../use-choose-theme';
import { closeTopLayer } from './layers';
import { useCloseTopMessage } from './message-stack';

// Keyboard rules of spec section 2: Escape closes layers in the fixed order, Enter confirms the
// top message, Ctrl+Space and Ctrl+F open the search, Ctrl+1 to 4 set the themes, F12 is blocked
// outside development. (Ctrl+P/S export a project; the project editor handles them.)
export function useShellKeyboard(): void {
  const dispatch = useAppDispatch();
  const { devMode } = useDevMode();
  const { top, close } = useCloseTopMessage();
  const chooseTheme = useChooseTheme();
  const state = useRef({ devMode, top, close, chooseTheme });
  state.current = { devMode, top, close, chooseTheme };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A control that handled the key itself (a listbox, an editor) keeps it.
      if (event.defaultPrevented || event.isComposing) return;
      const ctrl = event.ctrlKey || event.metaKey;
      if (event.key === 'Escape') {
        if (closeTopLayer()) event.preventDefault();
        return;
      }
      if (event.key === 'Enter' && !ctrl && !event.shiftKey && !event.altKey && state.current.top) {
        event.preventDefault();
        state.current.close();
        return;
      }
      if (event.key === 'F12' && !state.current.devMode && !import.meta.env.DEV) {
        event.preventDefault();
        return;
      }
      if (!ctrl || event.altKey) return;
      if (event.code === 'Space' || event.key === ' ' || (!event.shiftKey && event.key.toLowerCase() === 'f')) {
        event.preventDefault();
        dispatch(searchOpened());
        return;
      }
      const index = ['1', '2', '3', '4'].indexOf(event.key);
      const theme = THEMES[index];
      if (index >= 0 && theme) {
        event.preventDefault();
        // Saved like the theme toggle (issue 14: the shortcut used to change it for this tab only).
        state.current.chooseTheme(theme);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);
}
