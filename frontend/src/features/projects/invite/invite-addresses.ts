// The addresses of a mail invitation as the dialog holds them (issue 14): pasted or typed text
// split at commas, semicolons, spaces and line breaks, trimmed and lower-cased like the server
// does (events/src/projects/project-invite.endpoints.ts), duplicates dropped, each marked valid
// or not. The server checks again; this only lets people fix a typo before sending.

export const INVITE_ADDRESSES_MAX = 50;
export const INVITE_ADDRESS_LENGTH_MAX = 254;

export interface InviteAddress {
  email: string;
  valid: boolean;
}

// One @, something before it, a dot in the domain, no spaces: what zod's email() accepts in
// practice for the addresses people type; anything odd is left for the server to refuse.
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function isValidAddress(email: string): boolean {
  return email.length <= INVITE_ADDRESS_LENGTH_MAX && ADDRESS.test(email) && !email.includes('..');
}

/** Splits text into addresses ("a@x.de, b@y.de\nc@z.de" → three); empty parts are dropped. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.replace(/^<|>$/g, '').trim().toLowerCase())
    .filter((part) => part !== '');
}

/** Adds the addresses of text to the list, skipping those already in it. */
export function addAddresses(list: readonly InviteAddress[], text: string): InviteAddress[] {
  const seen = new Set(list.map((entry) => entry.email));
  const added: InviteAddress[] = [];
  for (const email of splitAddresses(text)) {
    if (seen.has(email)) continue;
    seen.add(email);
    added.push({ email, valid: isValidAddress(email) });
  }
  return [...list, ...added];
}
