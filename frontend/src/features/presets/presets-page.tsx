import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { ShellLoader } from '../../app/app-shell-loader';
import { usePageTitle } from '../../app/page-title';
import { ArrowLeft, Icon } from '../../shared/icons';
import { ItemWhen, projectPaths, ColourDot, useChangeStatusMutation, useGetProjectTreeQuery, useListPresetsQuery, type ProjectOverviewEntry, useManagedTeam } from '../projects';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { ActionMenu, useConfirm } from '../../shared/ui';
import { CreateFromPresetDialog } from './create-from-preset-dialog';
import { PresetColumns } from './preset-columns';
import { presetMessages as messages } from './presets.messages';

/** /manage/{ccLink}/preset: the team's presets and its saved preset columns. */
export function PresetsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.title));
  const team = useManagedTeam();
  const navigate = useNavigate();
  const { data, error } = useListPresetsQuery(team?.teamId ?? '', { skip: !team });
  const [creating, setCreating] = useState<ProjectOverviewEntry | null>(null);
  const [changeStatus, statusState] = useChangeStatusMutation();
  const { confirm, dialog } = useConfirm();
  if (!team) return <ShellLoader />;
  return (
    <div className="page">
      <header className="page-head">
        <h1>{intl.formatMessage(messages.title)}</h1>
        <div className="actions">
          <Link className="button" to={projectPaths.templates.href(team.link)}>{intl.formatMessage(messages.gallery)}</Link>
          <Link className="button" to={projectPaths.manageProjects.href(team.link)}>{intl.formatMessage(messages.projects)}</Link>
        </div>
      </header>
      <p className="hint">{intl.formatMessage(messages.intro)}</p>
      <ProjectErrorAlert error={error ?? statusState.error} />
      {dialog}
      {data && data.presets.length === 0 && <p className="hint">{intl.formatMessage(messages.empty)}</p>}
      {data && data.presets.length > 0 && (
        <ul className="preset-list" aria-label={intl.formatMessage(messages.list)}>
          {data.presets.map((preset) => (
            <li key={preset.projectId} className="card preset" data-testid="preset">
              <div className="phase__head">
                <ColourDot colour={preset.colour} />
                <h2><Link to={projectPaths.preset.href(team.link, preset.projectId)}>{preset.name}</Link></h2>
                <span className="spacer" />
                <button type="button" className="button button--primary" onClick={() => setCreating(preset)}>{intl.formatMessage(messages.create)}</button>
                <ActionMenu
                  label={intl.formatMessage(messages.menu, { name: preset.name })}
                  entries={[
                    { key: 'details', label: intl.formatMessage(messages.details), primary: true, onSelect: () => void navigate(projectPaths.preset.href(team.link, preset.projectId)) },
                    { key: 'edit', label: intl.formatMessage(messages.edit), onSelect: () => void navigate(projectPaths.manageProject.href(team.link, preset.projectId)) },
                    {
                      key: 'remove', label: intl.formatMessage(messages.remove), danger: true,
                      onSelect: () => void confirm(intl.formatMessage(messages.removeConfirm, { name: preset.name }), { danger: true, confirmLabel: intl.formatMessage(messages.remove) })
                        .then((ok) => {
                          if (ok) void changeStatus({ teamId: team.teamId, projectId: preset.projectId, body: { status: 0 } });
                        }),
                    },
                  ]}
                />
              </div>
              <p className="hint">
                {intl.formatMessage(messages.counts, { phases: preset.counts.phases, lists: preset.counts.lists, items: preset.counts.items })}
                {' · '}
                {preset.startDate ? intl.formatDate(`${preset.startDate}T12:00:00`) : intl.formatMessage(messages.noStart)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {data && <PresetColumns teamId={team.teamId} columns={data.columns} />}
      {creating && <CreateFromPresetDialog teamId={team.teamId} ccLink={team.link} preset={creating} onClose={() => setCreating(null)} />}
    </div>
  );
}

/** /manage/{ccLink}/preset/{presetId}: what the preset holds, and creating a project from it. */
export function PresetDetailsPage() {
  const intl = useIntl();
  const team = useManagedTeam();
  const { presetId = '' } = useParams();
  const { data: presets } = useListPresetsQuery(team?.teamId ?? '', { skip: !team });
  const { data: tree, error } = useGetProjectTreeQuery({ teamId: team?.teamId ?? '', projectId: presetId }, { skip: !team });
  const [creating, setCreating] = useState(false);
  usePageTitle(tree?.project.name ?? intl.formatMessage(messages.title));
  if (!team) return <ShellLoader />;
  const preset = presets?.presets.find((entry) => entry.projectId === presetId);
  return (
    <div className="page">
      <p><Link to={projectPaths.presets.href(team.link)}><Icon of={ArrowLeft} /> {intl.formatMessage(messages.back)}</Link></p>
      <ProjectErrorAlert error={error} />
      {tree && (
        <>
          <header className="page-head">
            <h1><ColourDot colour={tree.project.colour} /> {tree.project.name}</h1>
            <div className="actions">
              <Link className="button" to={projectPaths.manageProject.href(team.link, presetId)}>{intl.formatMessage(messages.edit)}</Link>
              {preset && <button type="button" className="button button--primary" onClick={() => setCreating(true)}>{intl.formatMessage(messages.create)}</button>}
            </div>
          </header>
          {tree.phases.filter((phase) => phase.folderId === null).map((phase) => (
            <section key={phase.phaseId} className="phase" aria-labelledby={`preset-phase-${phase.phaseId}`}>
              <h2 id={`preset-phase-${phase.phaseId}`}>{phase.name}</h2>
              {tree.lists.filter((list) => list.phaseId === phase.phaseId || tree.phases.some((group) => group.folderId === phase.phaseId && group.phaseId === list.phaseId)).map((list) => (
                <div key={list.listId} className="list-card">
                  <h3>{list.name}</h3>
                  <ul>
                    {list.items.map((item) => <li key={item.itemId}>{item.name} <ItemWhen item={item} /></li>)}
                  </ul>
                </div>
              ))}
            </section>
          ))}
        </>
      )}
      {creating && preset && <CreateFromPresetDialog teamId={team.teamId} ccLink={team.link} preset={preset} onClose={() => setCreating(false)} />}
    </div>
  );
}
