import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

// Security page: Argon2id, m = 19456 KiB, t = 2, p = 1 (ASVS 11.4.2).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  // Verified against when the address is unknown, so both answers cost one Argon2 run.
  private readonly dummy: Promise<string> = argon2.hash('planwerk-no-such-account', OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    try {
      const matches = await argon2.verify(hash ?? (await this.dummy), password);
      return hash !== null && matches;
    } catch {
      return false;
    }
  }
}
