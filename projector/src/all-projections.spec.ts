import { allProjections, projectorPoolSize } from './all-projections';

// A pool of one connection per projection stalls every projection (each runner keeps a session
// for its advisory lock): fault 9 caught it when the contacts projections made ten of ten.
describe('projectorPoolSize', () => {
  it('leaves connections beyond the one each projection keeps, growing with the projections', () => {
    expect(projectorPoolSize()).toBe(allProjections.length + 6);
    expect(projectorPoolSize(0, [...allProjections, ...allProjections])).toBe(2 * allProjections.length);
    expect(projectorPoolSize(14)).toBeGreaterThan(allProjections.length + 10);
  });
});
