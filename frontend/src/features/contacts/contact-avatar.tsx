/** Up to two initials of the name ("Anna Berg" → AB, "Berg GmbH" → BG). */
export function initialsOf(name: string): string {
  const letters = name.trim().split(/\s+/).filter(Boolean).map((word) => [...word][0] ?? '');
  return letters.slice(0, 2).join('').toUpperCase();
}

/** The contact's initials in a circle (decoration: the name stands beside it). */
export function ContactAvatar({ name, large = false }: { name: string; large?: boolean }) {
  return <span className={large ? 'contact-avatar contact-avatar--large' : 'contact-avatar'} aria-hidden="true">{initialsOf(name)}</span>;
}
