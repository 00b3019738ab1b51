import { describe, expect, it } from '@jest/globals';
import { amountText, parseAmount } from './fee-amount';

describe('fee amounts as typed', () => {
  it('reads the decimal comma in German and the point in English, as minor units', () => {
    expect(parseAmount('60,00', 'de')).toBe(6000);
    expect(parseAmount('60', 'de')).toBe(6000);
    expect(parseAmount('12,5', 'de')).toBe(1250);
    expect(parseAmount('1.234,50', 'de')).toBe(123450);
    expect(parseAmount('60.00', 'en')).toBe(6000);
    expect(parseAmount('1,234.50', 'en')).toBe(123450);
    expect(parseAmount('7,25', 'fr')).toBe(725);
    // The other mark before the last two digits is a decimal mark too, never a thousands group.
    expect(parseAmount('60.00', 'de')).toBe(6000);
    expect(parseAmount('60,5', 'en')).toBe(6050);
  });

  it('refuses what is no amount', () => {
    expect(parseAmount('', 'de')).toBeNull();
    expect(parseAmount('60,001', 'de')).toBeNull();
    expect(parseAmount('-5', 'de')).toBeNull();
    expect(parseAmount('zehn', 'de')).toBeNull();
  });

  it('shows minor units with the language’s decimal mark and no grouping', () => {
    expect(amountText(6000, 'de')).toBe('60,00');
    expect(amountText(123450, 'en')).toBe('1234.50');
  });
});
