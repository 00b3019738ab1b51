import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { ShellLoader } from '../../app/app-shell-loader';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { Icon, UserPlus } from '../../shared/icons';
import { InviteDialog, projectPaths, useListProjectsQuery, type ProjectOverviewEntry } from '../projects';
import { TeamCreateForm, teamLinks, useListUserLinksQuery, type LinkEntry } from '../teams';
import { TemplateGallery } from '../templates';
import { JoinTeamForm } from './join-team-form';
import { useOnboardingProgress, type OnboardingProgress } from './onboarding-progress';
import { OnboardingStepper, stepName, type OnboardingStep } from './onboarding-stepper';
import { onboardingMessages as messages } from './onboarding.messages';
import './onboarding.css';

const managesProjects = (team: LinkEntry): boolean => team.access.manage || team.access.access.manage_prj !== undefined;

/** The guide's team: the one it was started with, else the first the person manages projects of. */
function guideTeam(teams: readonly LinkEntry[], progress: OnboardingProgress): LinkEntry | null {
  return teams.find((team) => team.link === progress.teamLink) ?? teams.find(managesProjects) ?? null;
}

/** The step from the server's facts: no team → team; a team without a project → template; else invite. */
export function stepOf(team: LinkEntry | null, project: ProjectOverviewEntry | null, progress: OnboardingProgress): OnboardingStep {
  if (!team) return 'team';
  if (!project && !progress.skippedTemplate) return 'template';
  return 'invite';
}

/** Whether the start page shows the guide: no team yet, or a guide that was started and not ended. */
export function useShowsOnboarding(teams: readonly LinkEntry[] | null): boolean {
  const uid = useAppSelector((state) => state.auth.user?.uid ?? null);
  const [progress] = useOnboardingProgress(uid);
  if (teams === null || uid === null || progress.done) return false;
  return teams.length === 0 || progress.teamLink !== undefined;
}

/** Create team → pick a template → invite; each step skippable, resumed where the person left. */
export function OnboardingGuide() {
  const intl = useIntl();
  const navigate = useNavigate();
  const uid = useAppSelector((state) => state.auth.user?.uid ?? null);
  const [progress, update] = useOnboardingProgress(uid);
  const { data: links, isFetching } = useListUserLinksQuery();
  const teams = teamLinks(links);
  const team = guideTeam(teams, progress);
  const { data: projects } = useListProjectsQuery({ teamId: team?.id ?? '', filter: 'project' }, { skip: !team || !managesProjects(team) });
  // The project the guide made, else the team's newest (another device may have made it).
  const project = projects?.find((p) => p.projectId === progress.projectId) ?? newest(projects) ?? null;
  // Just after the team was made the person's links are on their way.
  const teamPending = progress.teamLink !== undefined && !teams.some((t) => t.link === progress.teamLink) && isFetching;
  const waiting = !links || teamPending || (team !== null && managesProjects(team) && !projects);
  const step = stepOf(team, project, progress);
  const finish = () => {
    update({ done: true });
    void navigate(project && team ? projectPaths.manageProject.href(team.link, project.projectId) : paths.start.href());
  };

  return (
    <section className="card onboarding" aria-labelledby="onboarding-title">
      <h2 id="onboarding-title">{intl.formatMessage(messages.title)}</h2>
      <p className="onboarding__intro">{intl.formatMessage(messages.intro)}</p>
      <OnboardingStepper current={step} />
      <div className="onboarding__step" aria-live="polite">
        <h3>{intl.formatMessage(stepName(step))}</h3>
        {waiting ? <ShellLoader /> : (
          <>
            {step === 'team' && <TeamStep onCreated={(link) => update({ teamLink: link })} />}
            {step === 'template' && team && (
              <>
                <p>{intl.formatMessage(messages.templateLead, { team: team.name })}</p>
                <TemplateGallery
                  teamId={team.id} ccLink={team.link} owner={team.access.level === 'owner'} activateByDefault
                  onApplied={(applied) => update({ teamLink: team.link, projectId: applied.projectId })}
                />
                <div className="onboarding__actions">
                  <button type="button" className="button" onClick={() => update({ teamLink: team.link, skippedTemplate: true })}>{intl.formatMessage(messages.skip)}</button>
                </div>
              </>
            )}
            {step === 'invite' && team && <InviteStep team={team} project={project} onFinish={finish} />}
          </>
        )}
      </div>
      {step !== 'invite' && (
        <p className="onboarding__end">
          <button type="button" className="button" onClick={() => update({ done: true })}>{intl.formatMessage(messages.dismiss)}</button>
        </p>
      )}
    </section>
  );
}

function newest(projects: readonly ProjectOverviewEntry[] | undefined): ProjectOverviewEntry | undefined {
  return projects?.reduce<ProjectOverviewEntry | undefined>((latest, p) => (!latest || p.createdAt > latest.createdAt ? p : latest), undefined);
}

function TeamStep({ onCreated }: { onCreated: (link: string) => void }) {
  const intl = useIntl();
  return (
    <>
      <p>{intl.formatMessage(messages.teamLead)}</p>
      <TeamCreateForm onCreated={onCreated} />
      <div className="onboarding__join">
        <h4>{intl.formatMessage(messages.joinInstead)}</h4>
        <JoinTeamForm />
      </div>
    </>
  );
}

function InviteStep({ team, project, onFinish }: { team: LinkEntry; project: ProjectOverviewEntry | null; onFinish: () => void }) {
  const intl = useIntl();
  const [inviting, setInviting] = useState(false);
  if (!project) {
    return (
      <>
        <p>{intl.formatMessage(messages.inviteNoProject)}</p>
        <div className="onboarding__actions">
          <Link className="button button--primary" to={paths.teamUser.href(team.link)}><Icon of={UserPlus} /> {intl.formatMessage(messages.inviteMembers)}</Link>
          <button type="button" className="button" onClick={onFinish}>{intl.formatMessage(messages.finish)}</button>
        </div>
      </>
    );
  }
  return (
    <>
      <p>{intl.formatMessage(messages.inviteLead, { name: project.name })}</p>
      <div className="onboarding__actions">
        <button type="button" className="button button--primary" onClick={() => setInviting(true)}><Icon of={UserPlus} /> {intl.formatMessage(messages.invite)}</button>
        <Link className="button" to={projectPaths.manageProject.href(team.link, project.projectId)}>{intl.formatMessage(messages.openProject)}</Link>
        <button type="button" className="button" onClick={onFinish}>{intl.formatMessage(messages.finish)}</button>
      </div>
      {inviting && (
        <InviteDialog
          teamId={team.id} onClose={() => setInviting(false)}
          project={{ projectId: project.projectId, name: project.name, link: project.link, shareHash: project.shareHash }}
        />
      )}
    </>
  );
}
