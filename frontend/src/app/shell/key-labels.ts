import { useIntl, type MessageDescriptor } from 'react-intl';
import { shellMessages } from './shell.messages';

// Key names as printed on the keyboards of the language: "Strg" in German, "Ctrl" elsewhere.
const KEY_NAMES = new Map<string, MessageDescriptor>([
  ['Ctrl', shellMessages.keyCtrl],
  ['Shift', shellMessages.keyShift],
  ['Space', shellMessages.keySpace],
]);

/** Localises the key names in a shortcut written with Ctrl, Shift and Space ("Ctrl+Space"). */
export function useKeyLabel(): (combo: string) => string {
  const intl = useIntl();
  return (combo) => combo.replace(/\b(Ctrl|Shift|Space)\b/g, (key) => {
    const name = KEY_NAMES.get(key);
    return name ? intl.formatMessage(name) : key;
  });
}
