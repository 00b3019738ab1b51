import { Injectable } from '@nestjs/common';
import { Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

// Security page: Argon2id, m = 19456 KiB, t = 2, p = 1 (ASVS 11.4.2). @node-rs/argon2 ships
// prebuilt binaries per platform; the `argon2` package's prebuilt Linux binary crashed here
// (SIGSEGV) and would need a compiler at install time.
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  // Verified against when the address is unknown, so both answers cost one Argon2 run.
  private readonly dummy: Promise<string> = argon2Hash('planwerk-no-such-account', OPTIONS);

  hash(password: string): Promise<string> {
    return argon2Hash(password, OPTIONS);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    try {
      const matches = await argon2Verify(hash ?? (await this.dummy), password);
      return hash !== null && matches;
    } catch {
      return false;
    }
  }
}
