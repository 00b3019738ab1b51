// Colours of spec section 3: ids 1 to 9 by name; hue codes 1 to 10 where 9 is gray.
export const COLOURS = {
  1: 'green',
  2: 'yellow',
  3: 'orange',
  4: 'red',
  5: 'pink',
  6: 'purple',
  7: 'blue',
  8: 'turquoise',
  9: 'gray',
} as const;

export type ColourId = keyof typeof COLOURS;
export type ColourName = (typeof COLOURS)[ColourId];

export const COLOUR_IDS: readonly ColourId[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

export const HUE_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type HueCode = (typeof HUE_CODES)[number];
export const HUE_GRAY: HueCode = 9;

export function isColourId(value: unknown): value is ColourId {
  return typeof value === 'number' && (COLOUR_IDS as readonly number[]).includes(value);
}

export function isHueCode(value: unknown): value is HueCode {
  return typeof value === 'number' && (HUE_CODES as readonly number[]).includes(value);
}
