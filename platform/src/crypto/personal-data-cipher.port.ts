// Crypto-shredding (architecture.md, rule 8): personal fields are encrypted with a key per
// person; deleting the key makes every copy of the ciphertext unreadable, backups included.

export interface PersonalPlaintext {
  personId: string;
  plaintext: string;
}

export interface PersonalCiphertext {
  personId: string;
  ciphertext: string;
}

export interface PersonalDataCipher {
  /** Encrypts each item with its person's key, creating keys on first use. Throws PersonKeyErased. */
  encryptMany(items: readonly PersonalPlaintext[]): Promise<string[]>;
  /** Decrypts each item; null where the person's key was erased. */
  decryptMany(items: readonly PersonalCiphertext[]): Promise<(string | null)[]>;
  /** Deletes the person's key for good; idempotent. */
  eraseKey(personId: string): Promise<void>;
}

export class PersonKeyErased extends Error {
  readonly kind = 'PersonKeyErased' as const;
  constructor(readonly personId: string) {
    super(`The key of person ${personId} was erased; no new personal data can be stored for them`);
    this.name = 'PersonKeyErased';
  }
}
