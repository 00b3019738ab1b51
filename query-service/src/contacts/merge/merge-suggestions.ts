import type { MergeReason } from '@planwerk/events';

// Likely duplicates among a team's contacts (issue 15: "suggestions (same e-mail, similar name
// and birth date)"). Pure: the repository reads the candidates, this pairs and scores them.

export interface Candidate {
  contactId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** YYYY-MM-DD or ''. */
  birthDate: string;
}

export interface ScoredPair {
  a: string;
  b: string;
  score: number;
  reasons: MergeReason[];
}

/** A group of equal keys larger than this is not paired (a shared club address, "Müller" × 400): too many pairs to be useful. */
const MAX_GROUP = 40;

/** Lower case without accents, ß as ss, single spaces: "  Müller-Lüdenscheidt " → "muller-ludenscheidt". */
export function normalizeName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase().trim().replace(/\s+/g, ' ');
}

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const [x, y] = [a.slice(i + (a.length >= b.length ? 1 : 0)), b.slice(i + (b.length >= a.length ? 1 : 0))];
  return x === y;
}

/** Same first name, one the start of the other ("Max", "Maximilian"), one letter apart ("Jörg", "Jörk"), or both without one. */
export function similarFirstNames(first: string, second: string): boolean {
  const [a, b] = [normalizeName(first), normalizeName(second)];
  if (a === b) return true;
  if (a === '' || b === '') return false;
  if (Math.min(a.length, b.length) >= 2 && (a.startsWith(b) || b.startsWith(a))) return true;
  return Math.min(a.length, b.length) >= 4 && withinOneEdit(a, b);
}

/**
 * Pairs with the same e-mail (case ignored) or a similar name: the same normalised last name, a
 * similar first name and the same birth date or both without one. Scores: the same e-mail 60, a
 * similar name 30 (the same first name 40), the same birth date 10 more; best first.
 */
export function mergeSuggestions(candidates: readonly Candidate[], limit: number): ScoredPair[] {
  const pairs = new Map<string, ScoredPair>();
  const add = (x: Candidate, y: Candidate, reason: MergeReason) => {
    const [a, b] = x.contactId < y.contactId ? [x, y] : [y, x];
    const key = `${a.contactId}|${b.contactId}`;
    const pair = pairs.get(key) ?? { a: a.contactId, b: b.contactId, score: 0, reasons: [] };
    if (!pair.reasons.includes(reason)) pair.reasons.push(reason);
    pairs.set(key, pair);
  };
  const groups = (keyOf: (c: Candidate) => string) => {
    const by = new Map<string, Candidate[]>();
    for (const c of candidates) {
      const key = keyOf(c);
      if (key !== '') by.set(key, [...(by.get(key) ?? []), c]);
    }
    return [...by.values()].filter((group) => group.length > 1 && group.length <= MAX_GROUP);
  };
  for (const group of groups((c) => c.email.trim().toLowerCase())) {
    for (let i = 0; i < group.length; i += 1) for (let j = i + 1; j < group.length; j += 1) add(group[i], group[j], 'sameEmail');
  }
  for (const group of groups((c) => normalizeName(c.lastName))) {
    for (let i = 0; i < group.length; i += 1) {
      for (let j = i + 1; j < group.length; j += 1) {
        const [x, y] = [group[i], group[j]];
        if (x.birthDate === y.birthDate && similarFirstNames(x.firstName, y.firstName)) add(x, y, 'similarName');
      }
    }
  }
  const byId = new Map(candidates.map((c) => [c.contactId, c]));
  const scored = [...pairs.values()].map((pair) => {
    const [a, b] = [byId.get(pair.a) as Candidate, byId.get(pair.b) as Candidate];
    let score = 0;
    if (pair.reasons.includes('sameEmail')) score += 60;
    if (pair.reasons.includes('similarName')) score += normalizeName(a.firstName) === normalizeName(b.firstName) ? 40 : 30;
    if (a.birthDate !== '' && a.birthDate === b.birthDate) score += 10;
    return { ...pair, score: Math.min(score, 100), reasons: ['sameEmail' as const, 'similarName' as const].filter((r) => pair.reasons.includes(r)) };
  });
  return scored.sort((p, q) => q.score - p.score || p.a.localeCompare(q.a) || p.b.localeCompare(q.b)).slice(0, limit);
}
