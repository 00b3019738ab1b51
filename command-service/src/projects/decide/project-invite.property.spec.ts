import fc from 'fast-check';
import { PROJECT_STATUS, PROJECT_STATUS_CODES, type DomainError } from '@planwerk/events';
import { decideInviteToProject, type InviteToProject } from './project-invite.decider';

const invitations = fc.uniqueArray(fc.record({ email: fc.emailAddress(), invitationId: fc.uuid() }), { minLength: 1, maxLength: 50, selector: (i) => i.email });

describe('project invite decider (property)', () => {
  it('invites each address once, in the order given, unless the project is in the trash or a preset', () => {
    fc.assert(fc.property(fc.constantFrom(...PROJECT_STATUS_CODES), invitations, fc.option(fc.string({ maxLength: 20 })), (status, given, message) => {
      const command: InviteToProject = {
        type: 'InviteToProject', projectId: '0b8a1c52-6f0e-4c5e-9d1a-2b3c4d5e6f70', invitations: given, message,
        invitedBy: '3ebd4f85-9c3b-4f8b-8a4d-5e6f708192a3', at: '2026-03-01T09:00:00.000Z',
      };
      const refused = status === PROJECT_STATUS.deleted ? 'project_in_trash' : status === PROJECT_STATUS.template ? 'project_invite_preset' : null;
      let events: ReturnType<typeof decideInviteToProject> = [];
      let code: DomainError['code'] | null = null;
      try {
        events = decideInviteToProject(command, { status });
      } catch (error) {
        code = (error as DomainError).code;
      }
      expect(code).toBe(refused);
      if (refused !== null) return;
      expect(events.map((e) => [e.data.email, e.data.invitationId])).toEqual(given.map((i) => [i.email, i.invitationId]));
      expect(events.every((e) => e.type === 'ProjectInvitationSent' && e.data.message === message && e.data.invitedBy === command.invitedBy)).toBe(true);
    }), { numRuns: 100 });
  });
});
