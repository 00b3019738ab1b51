import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { api } from './api';
import { startAuth } from './auth-session';
import { authSlice } from './auth.slice';
import {
  languageChosen, preferencesSlice, savePreferences, sidebarModeChosen, themeChosen, translatorModeChosen, viewOptionChosen,
} from './preferences.slice';
import { uiSlice } from './ui.slice';

const preferencesListener = createListenerMiddleware();

export function createStore() {
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      preferences: preferencesSlice.reducer,
      auth: authSlice.reducer,
      ui: uiSlice.reducer,
    },
    middleware: (getDefault) => getDefault().prepend(preferencesListener.middleware).concat(api.middleware),
  });
  // Start-up of spec section 4: the token restore runs while the first route waits for it.
  void startAuth(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

preferencesListener.startListening({
  matcher: isAnyOf(languageChosen, translatorModeChosen, themeChosen, sidebarModeChosen, viewOptionChosen),
  effect: (_action, listenerApi) => {
    savePreferences((listenerApi.getState() as RootState).preferences);
  },
});
