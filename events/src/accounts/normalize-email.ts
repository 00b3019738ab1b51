/** Lower-cased and trimmed: the form in which two addresses count as the same. */
export function normalizeEmail(mail: string): string {
  return mail.trim().toLowerCase();
}
