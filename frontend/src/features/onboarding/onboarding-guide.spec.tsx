import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { signedIn } from '../../app/auth.slice';
import { createStore } from '../../app/store';
import { answer, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import type { ProjectOverviewEntry } from '../projects';
import type { LinkEntry } from '../teams';
import { invitationPathOf } from './join-team-form';
import { OnboardingGuide } from './onboarding-guide';

const me = {
  uid: '0b9a4c1e-eeee-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const teamId = '0b9a4c1e-eeee-4aaa-8bbb-000000000002';
const team: LinkEntry = {
  id: teamId, link: 'tsv', hash: null, obj: 'link_cc', name: 'TSV Musterstadt', team: 2, access: { level: 'owner', manage: true, access: {} }, item: [], cc_id: teamId,
};
const project: ProjectOverviewEntry = {
  projectId: '0b9a4c1e-eeee-4aaa-8bbb-000000000003', teamId, link: 'sommerfest-ab12', name: 'Sommerfest', colour: 1, status: 1, previousStatus: null,
  locked: false, visibility: 'public', startDate: '2027-06-20', shareHash: 'abcdefghijklmnopqrstuv',
  counts: { phases: 1, lists: 3, items: 7, placed: 0, waitlisted: 0, signups: 0, capacity: 21, unlimitedItems: 0 },
  createdBy: me.uid, createdAt: '2027-01-01T10:00:00.000Z', updatedAt: '2027-01-01T10:00:00.000Z',
};
const projectsPath = `/v5/team/${teamId}/project`;

function renderGuide() {
  const store = createStore();
  store.dispatch(signedIn(me));
  return renderConsole(
    <Routes>
      <Route path="/" element={<OnboardingGuide />} />
      <Route path="/manage/:ccLink/project/:folderId" element={<p>Projekt-Editor</p>} />
      <Route path="/account/invite/:data" element={<p>Einladung annehmen</p>} />
    </Routes>,
    { store },
  );
}

const currentStep = () => screen.getByRole('list', { name: 'Schritte' }).querySelector('[aria-current="step"]')?.textContent;

describe('OnboardingGuide', () => {
  it('starts a person without a team at step 1 of 3 with the team form and the way to join', async () => {
    answer('GET', '/v5/user/link', { links: [] });
    const { user } = renderGuide();
    expect(await screen.findByRole('form', { name: 'Team erstellen' })).toBeVisible();
    expect(currentStep()).toContain('Schritt 1 von 3: Team erstellen (aktuell)');
    const steps = within(screen.getByRole('list', { name: 'Schritte' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringContaining('Team erstellen'), expect.stringContaining('Vorlage wählen'), expect.stringContaining('Einladen'),
    ]);
    await user.type(screen.getByLabelText('Einladungslink'), 'https://planwerk.example/account/invite/abc123');
    await user.click(screen.getByRole('button', { name: 'Einladung öffnen' }));
    expect(await screen.findByText('Einladung annehmen')).toBeVisible();
  }, 20_000);

  it('goes on to the template step once the team is made, and remembers the team for this account', async () => {
    answer('GET', '/v5/user/link', { links: [] });
    answer('POST', '/v5/team', { teamId, link: 'tsv', checkpoint: 'c1' }, 201);
    const { user } = renderGuide();
    await user.type(await screen.findByLabelText('Name des Teams'), 'TSV Musterstadt');
    answer('GET', '/v5/user/link', { links: [team] });
    answer('GET', projectsPath, { projects: [] });
    await user.click(screen.getByRole('button', { name: 'Team erstellen' }));
    expect(await screen.findByRole('list', { name: 'Vorlagen' })).toBeVisible();
    expect(currentStep()).toContain('Schritt 2 von 3: Vorlage wählen (aktuell)');
    expect(screen.getByText(/Wähle eine Vorlage für TSV Musterstadt/)).toBeVisible();
    expect(JSON.parse(localStorage.getItem(`planwerk.onboarding.${me.uid}`) ?? '{}')).toMatchObject({ teamLink: 'tsv' });
  }, 20_000);

  it('lets the template step be skipped, then offers to invite members', async () => {
    answer('GET', '/v5/user/link', { links: [team] });
    answer('GET', projectsPath, { projects: [] });
    const { user } = renderGuide();
    await user.click(await screen.findByRole('button', { name: 'Überspringen' }));
    expect(currentStep()).toContain('Schritt 3 von 3: Einladen (aktuell)');
    expect(screen.getByRole('link', { name: 'Mitglieder einladen' })).toHaveAttribute('href', '/team/tsv/user');
  });

  it('resumes at the invite step from the server\'s facts (the team has a project) and opens the invitation', async () => {
    answer('GET', '/v5/user/link', { links: [team] });
    answer('GET', projectsPath, { projects: [project] });
    const { user } = renderGuide();
    expect(await screen.findByText(/„Sommerfest“ ist bereit/)).toBeVisible();
    expect(currentStep()).toContain('Einladen (aktuell)');
    const steps = within(screen.getByRole('list', { name: 'Schritte' })).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('(erledigt)');
    await user.click(screen.getByRole('button', { name: 'Leute einladen' }));
    // The invitation dialog loads when it opens.
    expect(await screen.findByRole('dialog')).toHaveTextContent('Sommerfest');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Fertig' }));
    expect(await screen.findByText('Projekt-Editor')).toBeVisible();
    expect(JSON.parse(localStorage.getItem(`planwerk.onboarding.${me.uid}`) ?? '{}')).toMatchObject({ done: true });
    expect(fetchCalls('GET', projectsPath)[0]?.query.get('filter')).toBe('project');
  });

  it('ends early when asked and remembers it', async () => {
    answer('GET', '/v5/user/link', { links: [] });
    const { user } = renderGuide();
    await user.click(await screen.findByRole('button', { name: 'Einführung beenden' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(`planwerk.onboarding.${me.uid}`) ?? '{}')).toMatchObject({ done: true }));
  });
});

describe('invitationPathOf', () => {
  it('takes the path of an invitation link and refuses anything else', () => {
    expect(invitationPathOf('https://planwerk.example/account/invite/abc')).toBe('/account/invite/abc');
    expect(invitationPathOf(' /invite/0b9a4c1e ')).toBe('/invite/0b9a4c1e');
    expect(invitationPathOf('https://planwerk.example/manage/tsv/project')).toBeNull();
    expect(invitationPathOf('')).toBeNull();
  });
});
