import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MessageDescriptor } from 'react-intl';

// The popup of spec section 2 (shown 2000 ms, spec section 9) as a stack of toasts (issue 14), the team picker overlay and the
// message layers (spec section 4: they stack; exit false means the user cannot close them).
export interface Popup {
  id: number;
  message: MessageDescriptor;
  values?: Record<string, string | number>;
  tone: 'info' | 'success' | 'danger';
}

/** A text either translated here (a message descriptor) or shown as sent (server texts). */
export type LayerText = { message: MessageDescriptor; values?: Record<string, string | number> } | { plain: string };

export interface MessageLayer {
  key: number;
  design: 'info' | 'success' | 'warning' | 'danger';
  title: LayerText | null;
  text: LayerText;
  exitText: LayerText | null;
  exit: boolean;
}

export interface UiState {
  /** Toasts on screen, oldest first. */
  toasts: Popup[];
  teamPickerOpen: boolean;
  messages: MessageLayer[];
  searchOpen: boolean;
  /** The API answered 6950 (under maintenance): the maintenance screen covers the console. */
  maintenance: boolean;
}

const initialState: UiState = { toasts: [], teamPickerOpen: false, messages: [], searchOpen: false, maintenance: false };
let popupCounter = 0;
const MAX_TOASTS = 3;
let messageCounter = 0;

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    popupShown: {
      reducer(state, action: PayloadAction<Popup>) {
        // The same text twice replaces the older one; at most three stay on screen.
        const others = state.toasts.filter((toast) => toast.message.id !== action.payload.message.id || toast.tone !== action.payload.tone);
        state.toasts = [...others, action.payload].slice(-MAX_TOASTS);
      },
      prepare(popup: Omit<Popup, 'id'>) {
        popupCounter += 1;
        return { payload: { ...popup, id: popupCounter } };
      },
    },
    popupHidden(state, action: PayloadAction<number>) {
      state.toasts = state.toasts.filter((toast) => toast.id !== action.payload);
    },
    teamPickerOpened(state) {
      state.teamPickerOpen = true;
    },
    teamPickerClosed(state) {
      state.teamPickerOpen = false;
    },
    messageOpened: {
      reducer(state, action: PayloadAction<MessageLayer>) {
        state.messages.push(action.payload);
      },
      prepare(message: Omit<MessageLayer, 'key'>) {
        messageCounter += 1;
        return { payload: { ...message, key: messageCounter } };
      },
    },
    messageClosed(state, action: PayloadAction<number>) {
      state.messages = state.messages.filter((message) => message.key !== action.payload);
    },
    searchOpened(state) {
      state.searchOpen = true;
    },
    searchClosed(state) {
      state.searchOpen = false;
    },
    maintenanceStarted(state) {
      state.maintenance = true;
    },
    maintenanceEnded(state) {
      state.maintenance = false;
    },
  },
});

export const {
  popupShown, popupHidden, teamPickerOpened, teamPickerClosed, messageOpened, messageClosed, searchOpened, searchClosed,
  maintenanceStarted, maintenanceEnded,
} = uiSlice.actions;
