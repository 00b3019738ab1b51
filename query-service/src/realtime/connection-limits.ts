// How many sockets /v5/ws holds (ADR 0009): at most `maxTotal` overall and `maxPerAddress` per
// client address. Counted when a socket is admitted and released when it closes.

export type Admission = 'ok' | 'total' | 'address';

export class ConnectionLimits {
  private total = 0;
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly limits: { maxTotal: number; maxPerAddress: number }) {}

  /** Counts the socket in when there is room; a refused one is not counted. */
  admit(address: string | null): Admission {
    if (this.total >= this.limits.maxTotal) return 'total';
    const key = address ?? 'unknown';
    const held = this.perAddress.get(key) ?? 0;
    if (held >= this.limits.maxPerAddress) return 'address';
    this.total += 1;
    this.perAddress.set(key, held + 1);
    return 'ok';
  }

  release(address: string | null): void {
    const key = address ?? 'unknown';
    const held = this.perAddress.get(key) ?? 0;
    if (held <= 0) return;
    this.total -= 1;
    if (held === 1) this.perAddress.delete(key);
    else this.perAddress.set(key, held - 1);
  }

  get open(): number {
    return this.total;
  }
}
