/**
 * A growing Bloom filter over strings: `mightContain` is never false for a key that was added,
 * and true for well under 1 % of the others. A projection that fills a version alone from empty
 * keeps the keys it wrote in one, so it reads back only those it may have written: "not added"
 * means "not in the table". About 2 MB per million keys, where the keys themselves would take
 * a hundred.
 */
export class KeyFilter {
  private readonly layers: Layer[] = [];

  constructor(private readonly firstCapacity = 1 << 17) {}

  add(key: string): void {
    const [h1, h2] = hashes(key);
    let layer = this.layers[this.layers.length - 1];
    if (!layer || layer.count >= layer.capacity) {
      // Each layer twice the last: the total false-positive rate stays bounded as keys grow.
      layer = newLayer(layer ? layer.capacity * 2 : this.firstCapacity);
      this.layers.push(layer);
    }
    for (let i = 0; i < PROBES; i += 1) {
      const bit = ((h1 + Math.imul(i, h2)) >>> 0) & layer.mask;
      layer.bits[bit >>> 5] |= 1 << (bit & 31);
    }
    layer.count += 1;
  }

  mightContain(key: string): boolean {
    if (this.layers.length === 0) return false;
    const [h1, h2] = hashes(key);
    for (const layer of this.layers) {
      let all = true;
      for (let i = 0; i < PROBES && all; i += 1) {
        const bit = ((h1 + Math.imul(i, h2)) >>> 0) & layer.mask;
        all = (layer.bits[bit >>> 5] & (1 << (bit & 31))) !== 0;
      }
      if (all) return true;
    }
    return false;
  }
}

interface Layer {
  bits: Uint32Array;
  mask: number;
  capacity: number;
  count: number;
}

// 10 probes and at least 14 bits a key: about 0.1 % false positives per layer. Layers double,
// so a million keys take 4 layers past the first: some 0.5 % in all, a few reads per batch.
const PROBES = 10;
const BITS_PER_KEY = 14;

function newLayer(capacity: number): Layer {
  let size = 1 << 10;
  while (size < capacity * BITS_PER_KEY) size *= 2;
  return { bits: new Uint32Array(size / 32), mask: size - 1, capacity, count: 0 };
}

// Two independent 32-bit FNV-1a hashes (different offset bases), combined as h1 + i·h2.
function hashes(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < key.length; i += 1) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  // An odd step visits distinct bits for every probe.
  return [a >>> 0, (b | 1) >>> 0];
}
