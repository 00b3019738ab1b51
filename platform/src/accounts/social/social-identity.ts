import { createHash } from 'node:crypto';

/** The identity key: SHA-256 of issuer and subject, so one subject at two issuers is two identities. */
export function socialIdentityId(issuer: string, subject: string): string {
  return createHash('sha256').update(issuer, 'utf8').update('\n').update(subject, 'utf8').digest('hex');
}
