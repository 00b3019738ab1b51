// Fee amounts as people type them in their language ("60,00" in German, "60.00" in English) and
// as the API keeps them: integer minor units (architecture.md, "Money").

function separatorsOf(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/** Minor units of a typed amount, or null when it is no amount with at most two decimals. */
export function parseAmount(text: string, locale: string): number | null {
  const { decimal, group } = separatorsOf(locale);
  // Spaces (also the narrow ones French groups with) and the group separator are left out.
  let plain = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  // "60.00" typed in German (or "60,5" in English): one mark before one or two last digits is the decimal mark.
  const loose = /^(\d+)[.,](\d{1,2})$/.exec(plain);
  if (loose && !plain.includes(decimal)) plain = `${loose[1]}.${loose[2]}`;
  else {
    if (group.trim() !== '') plain = plain.split(group).join('');
    if (decimal !== '.') plain = plain.replace(decimal, '.');
  }
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const [, units = '0', cents = ''] = match;
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
}

/** Minor units as the amount field shows them ("60,00"), without the currency. */
export function amountText(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(amount / 100);
}
