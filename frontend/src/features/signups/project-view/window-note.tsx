import { useIntl } from 'react-intl';
import { windowStateMessages, type ListView } from '../../projects';
import { projectViewMessages as messages } from './project-view.messages';

// The list's sign-up window in words with its dates (spec section 4: before start, open until a
// limit date, ended), formatted in the visitor's language.
export function WindowNote({ list }: { list: ListView }) {
  const intl = useIntl();
  const at = (instant: string) => intl.formatDate(instant, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  const { opensAt, closesAt, endsAt } = list.window;
  const sentence = (): string | null => {
    switch (list.windowState) {
      case 'before': return opensAt && intl.formatMessage(messages.windowBefore, { date: at(opensAt) });
      case 'open': return intl.formatMessage(closesAt ? messages.windowOpenUntil : messages.windowOpen, { date: closesAt && at(closesAt) });
      case 'closed': return closesAt && intl.formatMessage(messages.windowClosed, { date: at(closesAt) });
      case 'ended': return endsAt && intl.formatMessage(messages.windowEnded, { date: at(endsAt) });
      default: return assertNever(list.windowState);
    }
  };
  return (
    <p className={`window-note window-note--${list.windowState}`} data-testid="window-note">
      {sentence() ?? intl.formatMessage(windowStateMessages[list.windowState])}
    </p>
  );
}

function assertNever(value: never): never {
  throw new Error(`Unexpected window state ${JSON.stringify(value)}`);
}
