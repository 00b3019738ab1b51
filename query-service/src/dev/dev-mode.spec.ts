import { parseDevMode } from './dev-mode';

describe('parseDevMode (PLANWERK_DEV_MODE)', () => {
  it('uses the fallback when the variable is unset or empty', () => {
    expect(parseDevMode({}, false)).toBe(false);
    expect(parseDevMode({}, true)).toBe(true);
    expect(parseDevMode({ PLANWERK_DEV_MODE: '' }, true)).toBe(true);
  });

  it('reads the usual spellings of on and off', () => {
    for (const value of ['true', '1', 'yes', 'on', 'TRUE']) expect(parseDevMode({ PLANWERK_DEV_MODE: value }, false)).toBe(true);
    for (const value of ['false', '0', 'no', 'off']) expect(parseDevMode({ PLANWERK_DEV_MODE: value }, true)).toBe(false);
  });

  it('refuses anything else with the variable named', () => {
    expect(() => parseDevMode({ PLANWERK_DEV_MODE: 'maybe' }, false)).toThrow('PLANWERK_DEV_MODE must be true or false, not "maybe"');
  });
});
