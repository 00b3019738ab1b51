import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { FIELD_KINDS, type FieldKind } from '@planwerk/events/constants';
import { ShellLoader } from '../../app/app-shell-loader';
import { Checkbox, TextField } from '../../app/form';
import { useAppDispatch } from '../../app/hooks';
import { usePageTitle } from '../../app/page-title';
import { popupShown } from '../../app/ui.slice';
import { slugOf } from '../teams/team-create-page';
import { fieldKindMessages } from '../projects/editor-dialogs';
import { ItemWhen } from '../projects/item-when';
import { ProjectErrorAlert } from '../projects/project-errors';
import { projectPaths } from '../projects/project.paths';
import { ColourDot } from '../projects/project-status';
import {
  useChangeStatusMutation, useCreateFromPresetMutation, useGetProjectTreeQuery, useListPresetsQuery, useRemovePresetColumnMutation,
  useSavePresetColumnMutation, type ProjectOverviewEntry,
} from '../projects/projects.api';
import { ActionMenu, Modal, useConfirm } from '../projects/ui';
import { useManagedTeam } from '../projects/use-managed-team';
import { untyped } from '../projects/untyped-messages';

const messages = untyped(defineMessages({
  title: { id: 'presets.page.title', defaultMessage: 'Vorlagen', description: 'Title of the presets' },
  intro: { id: 'presets.page.intro', defaultMessage: 'Vorlagen entstehen über „Neue Vorlage“ im Menü eines Projekts. Aus einer Vorlage erstellst du neue Projekte; alle Daten verschieben sich mit dem Startdatum.', description: 'Presets intro' },
  empty: { id: 'presets.page.empty', defaultMessage: 'Noch keine Vorlagen.', description: 'No presets' },
  projects: { id: 'presets.page.projects', defaultMessage: 'Zu den Projekten', description: 'Link to the projects' },
  list: { id: 'presets.page.list', defaultMessage: 'Vorlagen des Teams', description: 'Label of the preset list' },
  create: { id: 'presets.page.create', defaultMessage: 'Projekt daraus erstellen', description: 'Creates a project from the preset' },
  createTitle: { id: 'presets.create.title', defaultMessage: 'Projekt aus „{name}“ erstellen', description: 'Title of the create-from-preset dialog' },
  name: { id: 'presets.create.name', defaultMessage: 'Name des Projekts', description: 'Name field' },
  link: { id: 'presets.create.link', defaultMessage: 'Projekt-Link', description: 'Link field' },
  startDate: { id: 'presets.create.startDate', defaultMessage: 'Startdatum', description: 'Start date field' },
  startHint: { id: 'presets.create.startHint', defaultMessage: 'Die Vorlage beginnt am {date}; alle Daten verschieben sich entsprechend.', description: 'Hint about shifting dates' },
  submit: { id: 'presets.create.submit', defaultMessage: 'Projekt erstellen', description: 'Creates the project' },
  created: { id: 'presets.create.done', defaultMessage: 'Das Projekt wurde aus der Vorlage erstellt.', description: 'Popup after creating' },
  details: { id: 'presets.page.details', defaultMessage: 'Ansehen', description: 'Opens the preset details' },
  edit: { id: 'presets.page.edit', defaultMessage: 'Im Editor bearbeiten', description: 'Opens the preset in the editor' },
  remove: { id: 'presets.page.remove', defaultMessage: 'Löschen', description: 'Moves the preset to the trash' },
  removeConfirm: { id: 'presets.page.removeConfirm', defaultMessage: 'Vorlage „{name}“ in den Papierkorb verschieben?', description: 'Confirm' },
  menu: { id: 'presets.page.menu', defaultMessage: 'Aktionen für Vorlage {name}', description: 'Preset menu' },
  counts: { id: 'presets.page.counts', defaultMessage: '{phases} Phasen, {lists} Listen, {items} Einträge', description: 'Preset size' },
  columns: { id: 'presets.columns.title', defaultMessage: 'Vorlagen-Spalten', description: 'Title of the preset columns' },
  columnsIntro: { id: 'presets.columns.intro', defaultMessage: 'Gespeicherte Felder, die du beim Bearbeiten einer Liste mit einem Klick hinzufügst.', description: 'Columns intro' },
  columnsTable: { id: 'presets.columns.table', defaultMessage: 'Gespeicherte Spalten', description: 'Label of the columns table' },
  columnLabel: { id: 'presets.columns.label', defaultMessage: 'Bezeichnung', description: 'Column label' },
  columnKind: { id: 'presets.columns.kind', defaultMessage: 'Art', description: 'Column kind' },
  columnRequired: { id: 'presets.columns.required', defaultMessage: 'Pflichtfeld', description: 'Column required' },
  columnOptions: { id: 'presets.columns.options', defaultMessage: 'Auswahlmöglichkeiten (durch Komma getrennt)', description: 'Column options' },
  columnAdd: { id: 'presets.columns.add', defaultMessage: 'Spalte speichern', description: 'Saves a column' },
  columnRemove: { id: 'presets.columns.remove', defaultMessage: 'Spalte {name} entfernen', description: 'Removes a column' },
  yes: { id: 'presets.columns.yes', defaultMessage: 'Ja', description: 'Required yes' },
  no: { id: 'presets.columns.no', defaultMessage: 'Nein', description: 'Required no' },
  back: { id: 'presets.details.back', defaultMessage: 'Alle Vorlagen', description: 'Back to the presets' },
  noStart: { id: 'presets.details.noStart', defaultMessage: 'ohne Startdatum', description: 'Preset without a start date' },
}));

function CreateFromPresetDialog({ teamId, ccLink, preset, onClose }: { teamId: string; ccLink: string; preset: ProjectOverviewEntry; onClose: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [name, setName] = useState(preset.name);
  const [link, setLink] = useState('');
  const [linkEdited, setLinkEdited] = useState(false);
  const [startDate, setStartDate] = useState(preset.startDate ?? new Date().toISOString().slice(0, 10));
  const [create, { isLoading, error }] = useCreateFromPresetMutation();
  const shownLink = linkEdited ? link : slugOf(name);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await create({ teamId, presetId: preset.projectId, body: { name: name.trim(), link: shownLink, startDate } });
    if (!result.data) return;
    dispatch(popupShown({ message: messages.created, tone: 'success' }));
    onClose();
    void navigate(projectPaths.manageProject.href(ccLink, result.data.projectId));
  }

  return (
    <Modal title={intl.formatMessage(messages.createTitle, { name: preset.name })} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <TextField label={intl.formatMessage(messages.name)} value={name} onValueChange={setName} required maxLength={120} autoFocus />
        <TextField
          label={intl.formatMessage(messages.link)}
          value={shownLink}
          onValueChange={(value) => {
            setLinkEdited(true);
            setLink(value.toLowerCase());
          }}
          required
          minLength={2}
          maxLength={60}
        />
        <TextField
          label={intl.formatMessage(messages.startDate)}
          type="date"
          value={startDate}
          onValueChange={setStartDate}
          required
          hint={preset.startDate ? intl.formatMessage(messages.startHint, { date: intl.formatDate(`${preset.startDate}T12:00:00`) }) : undefined}
        />
        <ProjectErrorAlert error={error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(messages.submit)}</button>
        </div>
      </form>
    </Modal>
  );
}

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
        <Link className="button" to={projectPaths.manageProjects.href(team.link)}>{intl.formatMessage(messages.projects)}</Link>
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

function PresetColumns({ teamId, columns }: { teamId: string; columns: { columnId: string; field: { kind: FieldKind; label: string; required: boolean; options?: string[] } }[] }) {
  const intl = useIntl();
  const [kind, setKind] = useState<FieldKind>('text');
  const [label, setLabel] = useState('');
  const [required, setRequired] = useState(false);
  const [options, setOptions] = useState('');
  const [save, saveState] = useSavePresetColumnMutation();
  const [remove, removeState] = useRemovePresetColumnMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await save({
      teamId,
      field: {
        kind, label: label.trim(), required,
        ...(kind === 'selection' ? { options: options.split(',').map((option) => option.trim()).filter(Boolean) } : {}),
        ...(kind === 'scale' ? { scale: { min: 1, max: 5 } } : {}),
      },
    });
    if (result.data) {
      setLabel('');
      setOptions('');
    }
  }

  return (
    <section className="card" aria-labelledby="preset-columns">
      <h2 id="preset-columns">{intl.formatMessage(messages.columns)}</h2>
      <p className="hint">{intl.formatMessage(messages.columnsIntro)}</p>
      {columns.length > 0 && (
        <table className="table" aria-label={intl.formatMessage(messages.columnsTable)}>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(messages.columnLabel)}</th>
              <th scope="col">{intl.formatMessage(messages.columnKind)}</th>
              <th scope="col">{intl.formatMessage(messages.columnRequired)}</th>
              <th scope="col"><span className="visually-hidden">{intl.formatMessage(messages.remove)}</span></th>
            </tr>
          </thead>
          <tbody>
            {columns.map((column) => (
              <tr key={column.columnId}>
                <td>{column.field.label}{column.field.options ? <small className="hint"> ({column.field.options.join(', ')})</small> : null}</td>
                <td>{intl.formatMessage(fieldKindMessages[column.field.kind])}</td>
                <td>{intl.formatMessage(column.field.required ? messages.yes : messages.no)}</td>
                <td>
                  <button type="button" className="icon-button" aria-label={intl.formatMessage(messages.columnRemove, { name: column.field.label })} onClick={() => void remove({ teamId, columnId: column.columnId })}>×</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="form toolbar" onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor="column-kind">{intl.formatMessage(messages.columnKind)}</label>
          <select id="column-kind" className="input" value={kind} onChange={(event) => setKind(FIELD_KINDS.find((candidate) => candidate === event.target.value) ?? 'text')}>
            {FIELD_KINDS.map((candidate) => <option key={candidate} value={candidate}>{intl.formatMessage(fieldKindMessages[candidate])}</option>)}
          </select>
        </div>
        <TextField label={intl.formatMessage(messages.columnLabel)} value={label} onValueChange={setLabel} required maxLength={120} />
        {kind === 'selection' && <TextField label={intl.formatMessage(messages.columnOptions)} value={options} onValueChange={setOptions} required />}
        <Checkbox label={intl.formatMessage(messages.columnRequired)} checked={required} onChange={setRequired} />
        <button type="submit" className="button" disabled={saveState.isLoading}>{intl.formatMessage(messages.columnAdd)}</button>
      </form>
      <ProjectErrorAlert error={saveState.error ?? removeState.error} />
    </section>
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
      <p><Link to={projectPaths.presets.href(team.link)}>← {intl.formatMessage(messages.back)}</Link></p>
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
