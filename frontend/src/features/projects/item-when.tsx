import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { ItemView, WindowState } from './projects.api';
import { untyped } from '../../shared/untyped-messages';

// Where a list's sign-up window stands (spec section 4) and an item's date and time.
export const windowStateMessages = untyped(defineMessages({
  before: { id: 'projects.editor.window.before', defaultMessage: 'Noch nicht geöffnet', description: 'Window state before' },
  open: { id: 'projects.editor.window.open', defaultMessage: 'Offen', description: 'Window state open' },
  closed: { id: 'projects.editor.window.closed', defaultMessage: 'Eintragung beendet', description: 'Window state closed' },
  ended: { id: 'projects.editor.window.ended', defaultMessage: 'Vorbei', description: 'Window state ended' },
})) satisfies Record<WindowState, unknown>;

export function ItemWhen({ item }: { item: Pick<ItemView, 'date' | 'time'> }): ReactNode {
  const intl = useIntl();
  if (!item.date && !item.time) return null;
  const date = item.date ? intl.formatDate(`${item.date}T12:00:00`, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }) : '';
  const time = item.time ? `${item.time.from}–${item.time.to}` : '';
  return <span className="when">{[date, time].filter(Boolean).join(', ')}</span>;
}

