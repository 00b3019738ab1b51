import { mergeSuggestions, normalizeName, similarFirstNames, type Candidate } from './merge-suggestions';

const c = (n: number, firstName: string, lastName: string, email = '', birthDate = ''): Candidate =>
  ({ contactId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, firstName, lastName, email, birthDate });

describe('merge suggestions', () => {
  it('normalises names: case, accents, ß, spaces', () => {
    expect(normalizeName('  Müller-Lüdenscheidt ')).toBe('muller-ludenscheidt');
    expect(normalizeName('Strauß')).toBe('strauss');
  });

  it('finds first names alike: equal, a start of the other, one letter apart, both empty', () => {
    expect(similarFirstNames('Max', 'Maximilian')).toBe(true);
    expect(similarFirstNames('Jörg', 'Jorg')).toBe(true);
    expect(similarFirstNames('Stefan', 'Stephan')).toBe(false);
    expect(similarFirstNames('Stefan', 'Steffan')).toBe(true);
    expect(similarFirstNames('', '')).toBe(true);
    expect(similarFirstNames('Anna', '')).toBe(false);
    expect(similarFirstNames('Anna', 'Otto')).toBe(false);
  });

  it('pairs the same e-mail and similar names with the same or no birth date, scored and explained, best first', () => {
    const pairs = mergeSuggestions([
      c(1, 'Erika', 'Mustermann', 'erika@example.org', '1964-08-12'),
      c(2, 'Erika', 'Mustermann', 'Erika@Example.org', '1964-08-12'),
      c(3, 'Max', 'Müller'),
      c(4, 'Maximilian', 'Muller'),
      c(5, 'Max', 'Müller', '', '1990-01-01'),
      c(6, 'Otto', 'Mustermann', 'otto@example.org'),
      c(7, 'Hanna', 'Berg', 'erika@example.org'),
    ], 10);
    expect(pairs.map((p) => [p.a.slice(-1), p.b.slice(-1), p.score, p.reasons])).toEqual([
      ['1', '2', 100, ['sameEmail', 'similarName']],
      ['1', '7', 60, ['sameEmail']],
      ['2', '7', 60, ['sameEmail']],
      ['3', '4', 30, ['similarName']],
    ]);
  });

  it('keeps to the limit', () => {
    expect(mergeSuggestions([c(1, 'A', 'B', 'x@y.de'), c(2, 'C', 'D', 'x@y.de'), c(3, 'E', 'F', 'x@y.de')], 2)).toHaveLength(2);
  });
});
