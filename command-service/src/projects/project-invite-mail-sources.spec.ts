import { randomUUID } from 'node:crypto';
import { createEventCatalogue, type EventStore, type RecordedEvent, type StreamSlice } from '@planwerk/events';
import { testMetadata } from '../../../platform/src/store/testing';
import { mailRequestFor } from '../mail/mail-reactor';
import { createProjectInviteMailSources } from './project-invite-mail-sources';
import { AT, created, OWNER_ID, PROJECT, TEAM } from './testing/project-fixtures';

// The project invitation mail: ProjectInvitationSent → `project-invite` to the invited address,
// in the inviter's language and naming them, linking to /{prjLink}; nothing for a project that
// is gone, in the trash or a preset, nor for an erased address.

const invitationId = randomUUID();
let position = 0;

function recorded(streamId: string, type: string, data: unknown, personId?: string): RecordedEvent {
  position += 1;
  return {
    eventId: randomUUID(), type, data, metadata: testMetadata(personId ? { personId } : {}), streamId, streamVersion: position, checkpoint: String(position), recordedAt: new Date(0),
  };
}

const registration = (overrides: Record<string, unknown> = {}) => recorded(`account-${OWNER_ID}`, 'AccountRegistered', {
  userId: OWNER_ID, emailKey: 'b'.repeat(64), email: 'lea@example.org', firstName: 'Lea', lastName: 'Muster', parentEmail: null,
  passwordHash: 'x', language: 'fr', adult: true, acceptedTerms: true, acceptedPrivacy: true, acceptedCookies: true,
  activationTokenHash: 'a'.repeat(64), activationExpiresAt: AT, registeredAt: AT, ...overrides,
});
const teamCreated = recorded(`team-${TEAM}`, 'TeamCreated', { teamId: TEAM, name: 'Chor Nord' });
const projectStream = (status: 1 | 2 | 3 | 0) => [recorded(`project-${PROJECT}`, 'ProjectCreated', created({ status: status === 2 ? 2 : 3 }).data),
  ...(status === 0 || status === 1 ? [recorded(`project-${PROJECT}`, 'ProjectStatusChanged', { projectId: PROJECT, from: 3, to: status })] : [])];

function storeOf(streams: Record<string, RecordedEvent[]>): Pick<EventStore, 'readStream'> {
  return {
    async readStream(streamId): Promise<StreamSlice> {
      const events = streams[streamId] ?? [];
      return { streamId, version: events.length, events };
    },
  };
}

const invitation = (overrides: Record<string, unknown> = {}) => recorded(`project-invites-${PROJECT}`, 'ProjectInvitationSent', {
  projectId: PROJECT, invitationId, email: 'anna@example.org', message: 'Komm vorbei!', invitedBy: OWNER_ID, at: AT, ...overrides,
}, `project-invite-${invitationId}`);

const mailOf = (event: RecordedEvent, streams: Record<string, RecordedEvent[]>) =>
  mailRequestFor(event, { sources: createProjectInviteMailSources(), store: storeOf(streams), catalogue: createEventCatalogue() });

describe('project invitation mail source', () => {
  const streams = { [`account-${OWNER_ID}`]: [registration()], [`team-${TEAM}`]: [teamCreated], [`project-${PROJECT}`]: projectStream(1) };

  it('mails the invited address in the inviter’s language, naming them and the project, with the message and a link to /{prjLink}#invite-<invitationId>', async () => {
    expect(await mailOf(invitation(), streams)).toEqual({
      template: 'project-invite', to: 'anna@example.org', language: 'fr',
      params: { inviterName: 'Lea Muster', projectName: 'Sommerfest', message: 'Komm vorbei!' }, linkPath: '/sommerfest', linkFragment: `invite-${invitationId}`,
    });
  });

  it('leaves the message out when there is none, and works for a planning project', async () => {
    const mail = await mailOf(invitation({ message: null }), { ...streams, [`project-${PROJECT}`]: projectStream(3) });
    expect(mail?.params).toEqual({ inviterName: 'Lea Muster', projectName: 'Sommerfest' });
  });

  it('names the team when the inviter’s name is erased, and falls back to German', async () => {
    const erased = registration({ firstName: null, lastName: null, language: 'xx' });
    const mail = await mailOf(invitation(), { ...streams, [`account-${OWNER_ID}`]: [erased] });
    expect(mail).toMatchObject({ params: { inviterName: 'Chor Nord' }, language: 'de' });
  });

  it('sends nothing for a purged project, a project in the trash, a preset or an erased address', async () => {
    expect(await mailOf(invitation(), { ...streams, [`project-${PROJECT}`]: [] })).toBeNull();
    expect(await mailOf(invitation(), { ...streams, [`project-${PROJECT}`]: projectStream(0) })).toBeNull();
    expect(await mailOf(invitation(), { ...streams, [`project-${PROJECT}`]: projectStream(2) })).toBeNull();
    expect(await mailOf(invitation({ email: null }), streams)).toBeNull();
  });
});
