import type { MessageDescriptor } from 'react-intl';
import type { Theme } from '@planwerk/events/constants';
import { designMessages } from './settings.messages';

export const THEME_LABELS: Record<Theme, MessageDescriptor> = {
  default: designMessages.themeDefault,
  dark: designMessages.themeDark,
  'dark-contrast': designMessages.themeDarkContrast,
  contrast: designMessages.themeContrast,
};
