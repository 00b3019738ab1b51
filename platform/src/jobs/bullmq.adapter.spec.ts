import fc from 'fast-check';
import { decodeJobId, encodeJobId } from './bullmq.adapter';

describe('BullMQ job ids', () => {
  it('encodes any id into one BullMQ accepts and decodes it back', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (jobId) => {
        const encoded = encodeJobId(jobId);
        expect(encoded.includes(':')).toBe(false);
        expect(`${parseInt(encoded, 10)}`).not.toBe(encoded);
        expect(decodeJobId(encoded)).toBe(jobId);
      }),
    );
  });

  it('keeps distinct ids distinct', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        fc.pre(a !== b);
        expect(encodeJobId(a)).not.toBe(encodeJobId(b));
      }),
    );
  });

  it('turns integer-like and colon ids into valid ones', () => {
    expect(encodeJobId('42')).toBe('j.42');
    expect(encodeJobId('mail:evt-1')).toBe('j.mail%3Aevt-1');
  });

  it('rejects an empty id and ids it did not encode', () => {
    expect(() => encodeJobId('')).toThrow('must not be empty');
    expect(() => decodeJobId('42')).toThrow('Not a job id');
  });
});
