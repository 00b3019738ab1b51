import { randomUUID } from 'node:crypto';
import { AccountRegistered, SocialAccountRegistered, type RecordedEvent, type StreamSlice } from '@planwerk/events';
import { displayName, MemberNames } from './member-names';

const AT = '2026-05-01T08:00:00.000Z';
const HASH = 'a'.repeat(64);

function registered(userId: string, firstName: string | null, lastName: string | null, erased = false): RecordedEvent {
  return recorded(userId, AccountRegistered.type, {
    userId, emailKey: HASH, email: erased ? null : 'ada@planwerk-test.de', firstName, lastName, parentEmail: null, passwordHash: '$argon2id$x',
    language: 'de', adult: true, acceptedTerms: true, acceptedPrivacy: true, acceptedCookies: true,
    activationTokenHash: HASH, activationExpiresAt: AT, registeredAt: AT,
  }, erased);
}

function socialRegistered(userId: string, firstName: string | null, lastName: string | null): RecordedEvent {
  return recorded(userId, SocialAccountRegistered.type, {
    userId, emailKey: HASH, email: 'sam@planwerk-test.de', firstName, lastName, provider: 'google', language: 'en', registeredAt: AT,
  });
}

function recorded(userId: string, type: string, data: unknown, erased = false): RecordedEvent {
  return {
    eventId: randomUUID(), type, data, streamId: `account-${userId}`, streamVersion: 1, checkpoint: '1', recordedAt: new Date(AT),
    metadata: {
      commandId: 'c', correlationId: 'c', causationId: null, actor: { kind: 'user', id: userId }, teamId: null, schemaVersion: 1, personId: userId,
      ...(erased ? { erased: true, erasedFields: ['email', 'firstName', 'lastName', 'parentEmail'] } : {}),
    },
  };
}

/** Accounts as the query side sees them: a login row (absent once erased) and the account stream. */
function world(accounts: Array<{ userId: string; live?: boolean; events: RecordedEvent[] }>, loginsError?: { code: string }) {
  const logins: string[][] = [];
  const reads: string[] = [];
  let reading = 0;
  let mostAtOnce = 0;
  const pool = {
    query: jest.fn(async (_sql: string, params: [string[]]) => {
      logins.push(params[0]);
      if (loginsError) throw Object.assign(new Error('relation "account_logins" does not exist'), loginsError);
      return { rows: accounts.filter((a) => a.live !== false && params[0].includes(a.userId)).map((a) => ({ user_id: a.userId })) };
    }),
  };
  const store = {
    async readStream(streamId: string): Promise<StreamSlice> {
      reads.push(streamId);
      reading += 1;
      mostAtOnce = Math.max(mostAtOnce, reading);
      await new Promise((resolve) => setImmediate(resolve));
      reading -= 1;
      const events = accounts.find((a) => `account-${a.userId}` === streamId)?.events ?? [];
      return { streamId, version: events.length, events };
    },
  };
  return { names: new MemberNames(pool as never, store), logins, reads, mostAtOnce: () => mostAtOnce };
}

describe('member names', () => {
  it('reads the name from the registration, for password and social accounts alike', async () => {
    const [ada, sam] = [randomUUID(), randomUUID()];
    const { names } = world([
      { userId: ada, events: [registered(ada, 'Ada', 'Admin')] },
      { userId: sam, events: [socialRegistered(sam, 'Sam', null)] },
    ]);
    expect(await names.namesOf([ada, sam])).toEqual(new Map([[ada, 'Ada Admin'], [sam, 'Sam']]));
  });

  it('gives no name for an erased person: no login row, or a key that is gone', async () => {
    const [gone, shredded] = [randomUUID(), randomUUID()];
    const { names, reads } = world([
      // The login row is deleted on erasure: the stream is not even read.
      { userId: gone, live: false, events: [registered(gone, 'Erika', 'Eraser')] },
      // The key destroyed before the row went: the store reads the names as null.
      { userId: shredded, events: [registered(shredded, null, null, true)] },
    ]);
    expect(await names.namesOf([gone, shredded])).toEqual(new Map([[gone, null], [shredded, null]]));
    expect(reads).toEqual([`account-${shredded}`]);
  });

  it('gives no name for unknown people, ids that are not user ids, or without the accounts tables', async () => {
    const [nobody, unnamed] = [randomUUID(), randomUUID()];
    const { names, logins } = world([{ userId: unnamed, events: [registered(unnamed, ' ', null)] }]);
    expect(await names.namesOf([nobody, unnamed, 'system', 'anon-1'])).toEqual(new Map([[nobody, null], [unnamed, null], ['system', null], ['anon-1', null]]));
    expect(logins).toEqual([[nobody, unnamed]]);

    const alone = world([], { code: '42P01' });
    expect(await alone.names.namesOf([nobody])).toEqual(new Map([[nobody, null]]));
    const broken = world([], { code: '57P01' });
    await expect(broken.names.namesOf([nobody])).rejects.toThrow('account_logins');
  });

  it('asks once per person and request: one login query per batch, each stream read once', async () => {
    const people = Array.from({ length: 20 }, () => randomUUID());
    const { names, logins, reads, mostAtOnce } = world(people.map((userId, i) => ({ userId, events: [registered(userId, 'Person', String(i))] })));
    const first = await names.namesOf([...people, ...people]);
    expect([...first.values()]).toEqual(people.map((_, i) => `Person ${i}`));
    await names.namesOf(people.slice(0, 5));
    expect(logins).toHaveLength(1);
    expect(reads.sort()).toEqual(people.map((id) => `account-${id}`).sort());
    // A long member list does not take every pooled connection at once.
    expect(mostAtOnce()).toBeGreaterThan(1);
    expect(mostAtOnce()).toBeLessThanOrEqual(8);
  });

  it('joins first and last name, leaving out what is missing', () => {
    expect(displayName('Ada', 'Admin')).toBe('Ada Admin');
    expect(displayName(' Ada ', null)).toBe('Ada');
    expect(displayName(null, 'Admin')).toBe('Admin');
    expect(displayName(null, '')).toBeNull();
  });
});
