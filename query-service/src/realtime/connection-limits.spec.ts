import { ConnectionLimits } from './connection-limits';

describe('ConnectionLimits', () => {
  it('admits up to the cap per address and overall, and frees a place when a socket closes', () => {
    const limits = new ConnectionLimits({ maxTotal: 3, maxPerAddress: 2 });
    expect(limits.admit('10.0.0.1')).toBe('ok');
    expect(limits.admit('10.0.0.1')).toBe('ok');
    expect(limits.admit('10.0.0.1')).toBe('address');
    expect(limits.admit('10.0.0.2')).toBe('ok');
    expect(limits.admit('10.0.0.3')).toBe('total');
    limits.release('10.0.0.1');
    expect(limits.open).toBe(2);
    expect(limits.admit('10.0.0.3')).toBe('ok');
    expect(limits.admit('10.0.0.1')).toBe('total');
  });

  it('ignores the release of an address it never admitted', () => {
    const limits = new ConnectionLimits({ maxTotal: 1, maxPerAddress: 1 });
    limits.release('10.0.0.9');
    expect(limits.open).toBe(0);
    expect(limits.admit(null)).toBe('ok');
    expect(limits.admit(null)).toBe('total');
  });
});
