import { defineMessages } from 'react-intl';

// Texts of the shared building blocks (date fields, toasts, skeletons).
export const sharedMessages = defineMessages({
  dateClear: { id: 'shared.dateField.clear', defaultMessage: '„{label}“ leeren', description: 'Button that empties a date or time field; label is the field label' },
  toastRegion: { id: 'shared.toasts.region', defaultMessage: 'Meldungen', description: 'Accessible name of the region where short notifications (toasts) appear' },
  toastClose: { id: 'shared.toasts.close', defaultMessage: 'Meldung schließen', description: 'Button that closes a toast notification' },
  loading: { id: 'shared.skeleton.loading', defaultMessage: 'Wird geladen …', description: 'Accessible text of a placeholder shown while content loads' },
});
