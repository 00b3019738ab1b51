import { compareCheckpoints, decodeCheckpoint, encodeCheckpoint } from './checkpoint';

describe('PostgreSQL checkpoints', () => {
  it('round-trips transaction id and global position', () => {
    const position = { transactionId: '18446744073709551', globalPosition: '42' };
    expect(decodeCheckpoint(encodeCheckpoint(position))).toEqual(position);
  });

  it('orders by transaction id first, then by global position', () => {
    const a = encodeCheckpoint({ transactionId: '9', globalPosition: '1000' });
    const b = encodeCheckpoint({ transactionId: '10', globalPosition: '5' });
    const c = encodeCheckpoint({ transactionId: '10', globalPosition: '6' });
    expect(compareCheckpoints(a, b)).toBeLessThan(0);
    expect(compareCheckpoints(b, c)).toBeLessThan(0);
    expect(compareCheckpoints(c, a)).toBeGreaterThan(0);
    expect(compareCheckpoints(b, b)).toBe(0);
  });

  it('rejects strings that are not checkpoints of this store', () => {
    expect(() => decodeCheckpoint('42')).toThrow(TypeError);
    expect(() => compareCheckpoints('x', encodeCheckpoint({ transactionId: '1', globalPosition: '1' }))).toThrow(TypeError);
  });
});
