import { checkpointAfterRead } from './answer-checkpoint';

// Opaque, ordered checkpoints in the shape of the PostgreSQL adapter's (fixed-width digits).
const at = (transactionId: number, globalPosition: number): string =>
  `${String(transactionId).padStart(20, '0')}-${String(globalPosition).padStart(20, '0')}`;
const compareCheckpoints = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const store = (head: string | null) => ({ head: async () => head, compareCheckpoints, startCheckpoint: at(0, 0) });

describe('the checkpoint of a command that appended nothing', () => {
  it('is the start of the log, not an empty string, while no event is visible', async () => {
    await expect(checkpointAfterRead(store(null))).resolves.toBe(at(0, 0));
  });

  it('covers the events the decision read when the visible head trails them', async () => {
    await expect(checkpointAfterRead(store(at(10, 5)), at(12, 9), undefined)).resolves.toBe(at(12, 9));
  });

  it('is the visible head when that is newer than what was read', async () => {
    await expect(checkpointAfterRead(store(at(20, 30)), at(12, 9), null)).resolves.toBe(at(20, 30));
  });
});
