import { defineMessages } from 'react-intl';
import { untyped } from './untyped-messages';

// Texts of the shared building blocks (date fields, skeletons, charts); the toasts' own are in
// app/popup.tsx, which is part of the first view.
export const sharedMessages = untyped(defineMessages({
  dateClear: { id: 'shared.dateField.clear', defaultMessage: '„{label}“ leeren', description: 'Button that empties a date or time field; label is the field label' },
  loading: { id: 'shared.skeleton.loading', defaultMessage: 'Wird geladen …', description: 'Accessible text of a placeholder shown while content loads' },
  chartTable: { id: 'shared.chart.table', defaultMessage: 'Werte als Tabelle', description: 'Disclosure that shows the numbers of a chart as a table' },
  chartDay: { id: 'shared.chart.day', defaultMessage: 'Tag', description: 'Header of the day column in a chart table' },
}));
