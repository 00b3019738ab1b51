import { TEMPLATE_LOCALES, type TemplateLocale } from '@planwerk/events/templates';

/** The template language for the console's language (fx and anything else: German). */
export function templateLocaleOf(locale: string): TemplateLocale {
  const short = locale.slice(0, 2);
  return TEMPLATE_LOCALES.find((candidate) => candidate === short) ?? 'de';
}

/** This browser's offset from UTC at that day and time, as ±HH:MM (for sign-up deadlines). */
export function utcOffsetAt(date: string, time: string): string {
  const local = new Date(`${date}T${time}:00`);
  const minutes = Number.isNaN(local.getTime()) ? 0 : -local.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
