import { defineMessages, type MessageDescriptor } from 'react-intl';
import { COLOURS, type ColourName } from '@planwerk/events/constants';

// The nine colours of spec section 3, one set of names for projects and teams alike.
export const colourMessages = defineMessages({
  green: { id: 'shared.colour.green', defaultMessage: 'Grün', description: 'Colour 1' },
  yellow: { id: 'shared.colour.yellow', defaultMessage: 'Gelb', description: 'Colour 2' },
  orange: { id: 'shared.colour.orange', defaultMessage: 'Orange', description: 'Colour 3' },
  red: { id: 'shared.colour.red', defaultMessage: 'Rot', description: 'Colour 4' },
  pink: { id: 'shared.colour.pink', defaultMessage: 'Pink', description: 'Colour 5' },
  purple: { id: 'shared.colour.purple', defaultMessage: 'Lila', description: 'Colour 6' },
  blue: { id: 'shared.colour.blue', defaultMessage: 'Blau', description: 'Colour 7' },
  turquoise: { id: 'shared.colour.turquoise', defaultMessage: 'Türkis', description: 'Colour 8' },
  gray: { id: 'shared.colour.gray', defaultMessage: 'Grau', description: 'Colour 9' },
}) satisfies Record<ColourName, MessageDescriptor>;

/** The name of a colour id; an unknown id shows as blue (7). */
export function colourName(colour: number): ColourName {
  return COLOURS[(colour >= 1 && colour <= 9 ? colour : 7) as keyof typeof COLOURS];
}
