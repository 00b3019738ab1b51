// Domains that cannot receive an activation mail worth trusting (6009): disposable inboxes and
// reserved names. Short on purpose; operators extend it through configuration.
export const BLOCKED_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'mailinator.com', 'guerrillamail.com', 'guerrillamail.de', 'sharklasers.com', '10minutemail.com',
  'temp-mail.org', 'tempmail.com', 'trashmail.com', 'trashmail.de', 'yopmail.com', 'yopmail.fr',
  'throwawaymail.com', 'getnada.com', 'dispostable.com', 'maildrop.cc', 'mailnesia.com',
  'fakeinbox.com', 'spamgourmet.com', 'wegwerfmail.de', 'einrot.com', 'example.com',
  'example.org', 'example.net', 'test.invalid',
]);

export function mailDomain(mail: string): string {
  return mail.slice(mail.lastIndexOf('@') + 1).trim().toLowerCase();
}

/** Blocked when the domain or one of its parents is listed, or it is a reserved TLD. */
export function isBlockedMailDomain(mail: string, extra: ReadonlySet<string> = new Set()): boolean {
  const domain = mailDomain(mail);
  if (/\.(invalid|localhost|local|test|example)$/.test(domain)) return true;
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    const candidate = labels.slice(i).join('.');
    if (BLOCKED_MAIL_DOMAINS.has(candidate) || extra.has(candidate)) return true;
  }
  return false;
}
