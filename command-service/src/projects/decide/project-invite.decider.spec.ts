import { PROJECT_STATUS, type ExistingProject } from '@planwerk/events';
import { decideInviteToProject, PresetsTakeNoInvitations, ProjectInTrashTakesNoInvitations, type InviteToProject } from './project-invite.decider';

const projectId = '0b8a1c52-6f0e-4c5e-9d1a-2b3c4d5e6f70';
const inviter = '3ebd4f85-9c3b-4f8b-8a4d-5e6f708192a3';
const first = '4fce5096-ad4c-4a9c-9b5e-6f708192a3b4';
const second = '5adf61a7-be5d-4bad-8c6f-708192a3b4c5';
const at = '2026-03-01T09:00:00.000Z';

const invite = (data: Partial<InviteToProject> = {}): InviteToProject => ({
  type: 'InviteToProject', projectId, message: 'Kommt vorbei!', invitedBy: inviter, at,
  invitations: [{ email: 'ann@example.org', invitationId: first }, { email: 'ben@example.org', invitationId: second }], ...data,
});

function given(status: ExistingProject['status']) {
  return { when: (command: InviteToProject) => () => decideInviteToProject(command, { status }) };
}

describe('project invite decider', () => {
  it('given a planning project, when two addresses are invited, then one ProjectInvitationSent per address, in the order given', () => {
    expect(given(PROJECT_STATUS.planning).when(invite())()).toEqual([
      { type: 'ProjectInvitationSent', data: { projectId, invitationId: first, email: 'ann@example.org', message: 'Kommt vorbei!', invitedBy: inviter, at } },
      { type: 'ProjectInvitationSent', data: { projectId, invitationId: second, email: 'ben@example.org', message: 'Kommt vorbei!', invitedBy: inviter, at } },
    ]);
  });

  it('given an active project, when invited without a message, then the events carry message null', () => {
    const events = given(PROJECT_STATUS.active).when(invite({ message: null }))();
    expect(events.map((e) => e.data.message)).toEqual([null, null]);
  });

  it('given a project in the trash, when someone is invited, then ProjectInTrashTakesNoInvitations (project_in_trash)', () => {
    const then = given(PROJECT_STATUS.deleted).when(invite());
    expect(then).toThrow(ProjectInTrashTakesNoInvitations);
    expect(then).toThrow(expect.objectContaining({ code: 'project_in_trash', details: { projectId } }));
  });

  it('given a preset, when someone is invited, then PresetsTakeNoInvitations (project_invite_preset)', () => {
    const then = given(PROJECT_STATUS.template).when(invite());
    expect(then).toThrow(PresetsTakeNoInvitations);
    expect(then).toThrow(expect.objectContaining({ code: 'project_invite_preset', details: { projectId } }));
  });
});
