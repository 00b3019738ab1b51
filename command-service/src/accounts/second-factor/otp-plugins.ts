import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Base32Plugin, CryptoPlugin } from '@otplib/core';

// otplib 13's default plugins (@noble/hashes, @scure/base) are ESM-only, which CommonJS Jest
// on Node 20 cannot load; these two do the same with node:crypto and RFC 4648 base32.

export const nodeCryptoPlugin: CryptoPlugin = {
  name: 'node-crypto',
  algorithms: ['sha1', 'sha256', 'sha512'],
  hmac: (algorithm, key, data) => new Uint8Array(createHmac(algorithm, key).update(data).digest()),
  randomBytes: (length) => new Uint8Array(randomBytes(length)),
  constantTimeEqual: (a, b) => {
    const left = typeof a === 'string' ? Buffer.from(a) : Buffer.from(a);
    const right = typeof b === 'string' ? Buffer.from(b) : Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  },
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const base32Plugin: Base32Plugin = {
  name: 'rfc4648-base32',
  encode(data, options) {
    let bits = 0;
    let value = 0;
    let out = '';
    for (const byte of data) {
      value = (value << 8) | byte;
      bits += 8;
      while (bits >= 5) {
        out += ALPHABET[(value >>> (bits - 5)) & 31];
        bits -= 5;
      }
    }
    if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
    return options?.padding ? out.padEnd(Math.ceil(out.length / 8) * 8, '=') : out;
  },
  decode(text) {
    const clean = text.toUpperCase().replace(/=+$/, '').replace(/\s/g, '');
    let bits = 0;
    let value = 0;
    const bytes: number[] = [];
    for (const char of clean) {
      const index = ALPHABET.indexOf(char);
      if (index < 0) throw new Error('Invalid base32 character');
      value = ((value << 5) | index) & 0xffff;
      bits += 5;
      if (bits >= 8) {
        bytes.push((value >>> (bits - 8)) & 255);
        bits -= 8;
      }
    }
    return new Uint8Array(bytes);
  },
};
