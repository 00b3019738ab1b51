import { useCallback } from 'react';
import type { Theme } from '@planwerk/events/constants';
import { useAppDispatch, useAppSelector } from './hooks';
import { useSaveUserPreferencesMutation } from './preferences.api';
import { themeChosen } from './preferences.slice';

/**
 * Sets the theme at once and, signed in, saves it as the user's preference (PUT /v5/user/{uid}/ui)
 * like the design settings do — so the toggle and Ctrl+1…4 survive the next login.
 */
export function useChooseTheme(): (theme: Theme) => void {
  const dispatch = useAppDispatch();
  const uid = useAppSelector((state) => state.auth.user?.uid);
  const [save] = useSaveUserPreferencesMutation();
  return useCallback((theme: Theme) => {
    dispatch(themeChosen(theme));
    if (uid) void save({ uid, data: { theme } });
  }, [dispatch, uid, save]);
}
