import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// WCAG 2.2 contrast of the theme tokens in theme.css: what people read must meet AA (4.5:1) in
// default and dark and AAA (7:1) in the two contrast themes (spec section 9); the focus ring and
// borders of controls are non-text (3:1).

const css = readFileSync(join(__dirname, 'theme.css'), 'utf8');

function tokensOf(theme: string): Record<string, string> {
  const block = new RegExp(`\\[data-theme='${theme}'\\]\\s*\\{([^}]*)\\}`).exec(css);
  if (!block) throw new Error(`theme.css has no block for ${theme}`);
  const tokens: Record<string, string> = {};
  for (const [, name, value] of block[1].matchAll(/--([a-z0-9-]+):\s*(#[0-9a-fA-F]{6})\b/g)) tokens[name] = value;
  return tokens;
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const TEXT_PAIRS: [string, string][] = [
  ['text', 'bg'], ['text', 'surface'], ['muted', 'bg'], ['muted', 'surface'], ['text', 'sidebar-bg'],
  ['primary', 'bg'], ['primary', 'surface'], ['danger', 'surface'],
  ['primary-text', 'primary'], ['danger-text', 'danger'], ['warning-text', 'warning'],
  ['info-text', 'info'], ['success-text', 'success'], ['neutral-text', 'neutral'],
];
const THEMES = [
  { theme: 'default', text: 4.5 }, { theme: 'dark', text: 4.5 },
  { theme: 'dark-contrast', text: 7 }, { theme: 'contrast', text: 7 },
];

describe('theme tokens', () => {
  it('computes the WCAG ratio (black on white is 21:1, equal colours 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBe(1);
    expect(contrast('#1a66d9', '#ffffff')).toBeCloseTo(5.33, 1);
  });

  it.each(THEMES)('$theme defines every token the others define', ({ theme }) => {
    expect(Object.keys(tokensOf(theme)).sort()).toEqual(Object.keys(tokensOf('default')).sort());
  });

  it.each(THEMES)('$theme: text on its backgrounds reaches $text:1', ({ theme, text }) => {
    const tokens = tokensOf(theme);
    const failing = TEXT_PAIRS
      .map(([fore, back]) => ({ pair: `${fore} on ${back}`, ratio: Math.round(contrast(tokens[fore], tokens[back]) * 100) / 100 }))
      .filter(({ ratio }) => ratio < text);
    expect(failing).toEqual([]);
  });

  it.each(THEMES)('$theme: the focus ring and chart colours stand out from the page (3:1)', ({ theme }) => {
    const tokens = tokensOf(theme);
    const nonText = ['focus', ...Array.from({ length: 8 }, (_, index) => `chart-${index + 1}`)];
    const failing = nonText.filter((name) => contrast(tokens[name], tokens.surface) < 3);
    expect(failing).toEqual([]);
  });
});
