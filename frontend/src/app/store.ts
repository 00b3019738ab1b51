import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { api } from './api';
import { languageChosen, preferencesSlice, savePreferences, themeChosen } from './preferences.slice';

const preferencesListener = createListenerMiddleware();

export function createStore() {
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      preferences: preferencesSlice.reducer,
    },
    middleware: (getDefault) => getDefault().prepend(preferencesListener.middleware).concat(api.middleware),
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

preferencesListener.startListening({
  matcher: isAnyOf(languageChosen, themeChosen),
  effect: (_action, listenerApi) => {
    savePreferences((listenerApi.getState() as RootState).preferences);
  },
});
