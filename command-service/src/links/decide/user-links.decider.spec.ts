import type { UserLinkEvent } from '@planwerk/events';
import { decide, DisconnectNeedsConfirmation, evolve, initialUserLinksState, UserLinkNotSaved, type UserLinksCommand } from './user-links.decider';

const userId = '0b7c9c4e-58b5-4f0c-9f3a-0f6c3f1c2a11';
const teamId = '4a1f7f58-0f0e-4b1a-9d5e-5b8e2f9c3d22';
const now = new Date('2026-11-23T10:00:00.000Z');
const connected: UserLinkEvent = { type: 'UserLinkConnected', data: { userId, obj: 'link_cc', targetId: teamId, ccId: teamId, connectedAt: '2026-11-22T09:00:00.000Z' } };

function given(events: UserLinkEvent[]) {
  const state = events.reduce(evolve, initialUserLinksState());
  return { when: (command: UserLinksCommand) => () => decide(command, state) };
}

const disconnect = (force: boolean): UserLinksCommand => ({ type: 'DisconnectUserLink', data: { userId, obj: 'link_cc', targetId: teamId, force, now } });

describe('user links decider', () => {
  it('given nothing saved, when connecting to a team, then UserLinkConnected with the time', () => {
    const then = given([]).when({ type: 'ConnectUserLink', data: { userId, obj: 'link_cc', targetId: teamId, ccId: teamId, now } });
    expect(then()).toEqual([{ type: 'UserLinkConnected', data: { userId, obj: 'link_cc', targetId: teamId, ccId: teamId, connectedAt: now.toISOString() } }]);
  });

  it('given a saved team, when connecting again, then it is connected again (the last chosen team)', () => {
    const then = given([connected]).when({ type: 'ConnectUserLink', data: { userId, obj: 'link_cc', targetId: teamId, ccId: teamId, now } });
    expect(then()).toHaveLength(1);
  });

  it('given a saved team, when disconnecting without force, then confirmation is required (409) and nothing happens', () => {
    const then = given([connected]).when(disconnect(false));
    expect(then).toThrow(DisconnectNeedsConfirmation);
    expect(then).toThrow(expect.objectContaining({ code: 'confirmation_required', httpStatus: 409 }));
  });

  it('given a saved team, when disconnecting with force, then UserLinkDisconnected', () => {
    expect(given([connected]).when(disconnect(true))()).toEqual([
      { type: 'UserLinkDisconnected', data: { userId, obj: 'link_cc', targetId: teamId, disconnectedAt: now.toISOString() } },
    ]);
  });

  it('given a disconnected team, when disconnecting again, then the link is not found (404)', () => {
    const gone: UserLinkEvent = { type: 'UserLinkDisconnected', data: { userId, obj: 'link_cc', targetId: teamId, disconnectedAt: now.toISOString() } };
    const then = given([connected, gone]).when(disconnect(true));
    expect(then).toThrow(UserLinkNotSaved);
    expect(then).toThrow(expect.objectContaining({ httpStatus: 404 }));
  });
});
