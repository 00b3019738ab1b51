import { describe, expect, it } from '@jest/globals';
import { addAddresses, isValidAddress, splitAddresses } from './invite-addresses';

describe('invite addresses', () => {
  it('splits pasted text at commas, semicolons, spaces and line breaks and lower-cases', () => {
    expect(splitAddresses(' Anna@Example.org, ben@example.org;\ncarla@example.org  <dora@example.org>\r\n,, ')).toEqual([
      'anna@example.org', 'ben@example.org', 'carla@example.org', 'dora@example.org',
    ]);
  });

  it('marks each address valid or not', () => {
    expect(isValidAddress('anna@example.org')).toBe(true);
    expect(isValidAddress('anna.b+club@sub.example.co.uk')).toBe(true);
    for (const bad of ['anna', 'anna@', '@example.org', 'anna@example', 'anna@@example.org', 'an na@example.org', 'anna@exa..mple.org', `${'a'.repeat(250)}@x.de`]) {
      expect(isValidAddress(bad)).toBe(false);
    }
  });

  it('adds new addresses once, keeping the order', () => {
    const list = addAddresses([], 'a@x.de b@x.de');
    expect(addAddresses(list, 'B@x.de, c@x, a@x.de')).toEqual([
      { email: 'a@x.de', valid: true }, { email: 'b@x.de', valid: true }, { email: 'c@x', valid: false },
    ]);
  });
});
