import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { FIELD_KINDS, VOTE_KINDS, type FieldKind, type VoteKind } from '@planwerk/events/constants';
import { Checkbox, TextField } from '../../app/form';
import { ProjectErrorAlert } from './project-errors';
import {
  SHOW_NAMES, useAddItemMutation, useAddListMutation, useAddPhaseMutation, useEditItemMutation, useEditListMutation,
  useEditListsMutation, useEditPhaseMutation, useListPresetsQuery, useMoveListMutation, useNotifyListMutation,
  useSavePresetColumnMutation, type AttendanceMode, type FieldDefinition, type ItemView, type ListInput, type ListView,
  type ListWindow, type PhaseView, type ShowNames,
} from './projects.api';
import { Modal } from './ui';
import { untyped } from './untyped-messages';

export const editorDialogMessages = untyped(defineMessages({
  save: { id: 'projects.editor.save', defaultMessage: 'Speichern', description: 'Saves an editor dialog' },
  name: { id: 'projects.editor.name', defaultMessage: 'Name', description: 'Name field' },
  description: { id: 'projects.editor.description', defaultMessage: 'Beschreibung', description: 'Description field' },
  phaseNew: { id: 'projects.editor.phaseNew', defaultMessage: 'Neue Phase', description: 'Title: new phase' },
  groupNew: { id: 'projects.editor.groupNew', defaultMessage: 'Neue Untergruppe in {name}', description: 'Title: new sub-group' },
  phaseEdit: { id: 'projects.editor.phaseEdit', defaultMessage: 'Phase bearbeiten', description: 'Title: edit phase' },
  listNew: { id: 'projects.editor.listNew', defaultMessage: 'Neue Liste in {name}', description: 'Title: new list' },
  listEdit: { id: 'projects.editor.listEdit', defaultMessage: 'Liste bearbeiten', description: 'Title: edit list' },
  listType: { id: 'projects.editor.listType', defaultMessage: 'Art der Liste', description: 'List type field' },
  listTypeNormal: { id: 'projects.editor.listType.normal', defaultMessage: 'Normale Liste', description: 'List type 1' },
  listTypeFull: { id: 'projects.editor.listType.full', defaultMessage: 'Volle Liste (alle Einträge auf einmal)', description: 'List type 2' },
  window: { id: 'projects.editor.window', defaultMessage: 'Zeitraum der Eintragung', description: 'Legend of the sign-up window' },
  opensAt: { id: 'projects.editor.opensAt', defaultMessage: 'Eintragung ab', description: 'Window start' },
  closesAt: { id: 'projects.editor.closesAt', defaultMessage: 'Eintragung bis', description: 'Window limit date' },
  endsAt: { id: 'projects.editor.endsAt', defaultMessage: 'Ende der Liste', description: 'Window end' },
  attendance: { id: 'projects.editor.attendance', defaultMessage: 'Anwesenheit', description: 'Attendance field' },
  attendanceAutomatic: { id: 'projects.editor.attendance.automatic', defaultMessage: 'Automatisch am Ende der Liste bestätigen', description: 'Attendance automatic' },
  attendanceManual: { id: 'projects.editor.attendance.manual', defaultMessage: 'Von Admins bestätigen', description: 'Attendance manual' },
  waitlist: { id: 'projects.editor.waitlist', defaultMessage: 'Warteliste, wenn ein Eintrag voll ist', description: 'Waitlist switch' },
  anonymous: { id: 'projects.editor.anonymous', defaultMessage: 'Eintragung ohne Anmeldung erlauben (mit Namen)', description: 'Anonymous switch' },
  maxPerPerson: { id: 'projects.editor.maxPerPerson', defaultMessage: 'Höchstens so viele Eintragungen pro Person (leer: unbegrenzt)', description: 'maxPerPerson field' },
  showNames: { id: 'projects.editor.showNames', defaultMessage: 'Namen zeigen', description: 'showNames field' },
  showAll: { id: 'projects.editor.showNames.all', defaultMessage: 'Allen', description: 'showNames all' },
  showTeam: { id: 'projects.editor.showNames.team', defaultMessage: 'Mitgliedern des Teams', description: 'showNames team' },
  showAdmins: { id: 'projects.editor.showNames.admins', defaultMessage: 'Nur Admins', description: 'showNames admins' },
  fields: { id: 'projects.editor.fields', defaultMessage: 'Felder der Eintragung', description: 'Legend of the list fields' },
  fieldKind: { id: 'projects.editor.fieldKind', defaultMessage: 'Art des Feldes {index}', description: 'Field kind select' },
  fieldLabel: { id: 'projects.editor.fieldLabel', defaultMessage: 'Bezeichnung des Feldes {index}', description: 'Field label' },
  fieldRequired: { id: 'projects.editor.fieldRequired', defaultMessage: 'Pflichtfeld', description: 'Field required switch' },
  fieldOptions: { id: 'projects.editor.fieldOptions', defaultMessage: 'Auswahlmöglichkeiten (durch Komma getrennt)', description: 'Selection options' },
  scaleMin: { id: 'projects.editor.scaleMin', defaultMessage: 'Skala von', description: 'Scale min' },
  scaleMax: { id: 'projects.editor.scaleMax', defaultMessage: 'Skala bis', description: 'Scale max' },
  fieldAdd: { id: 'projects.editor.fieldAdd', defaultMessage: 'Feld hinzufügen', description: 'Adds a field' },
  fieldRemove: { id: 'projects.editor.fieldRemove', defaultMessage: 'Feld {index} entfernen', description: 'Removes a field' },
  fieldSaveColumn: { id: 'projects.editor.fieldSaveColumn', defaultMessage: 'Als Vorlagen-Spalte speichern', description: 'Saves a field as a preset column' },
  columnSaved: { id: 'projects.editor.columnSaved', defaultMessage: 'Gespeichert', description: 'A preset column was saved' },
  fromColumn: { id: 'projects.editor.fromColumn', defaultMessage: 'Feld aus Vorlagen-Spalte', description: 'Adds a field from a preset column' },
  itemNew: { id: 'projects.editor.itemNew', defaultMessage: 'Neuer Eintrag in {name}', description: 'Title: new item' },
  itemEdit: { id: 'projects.editor.itemEdit', defaultMessage: 'Eintrag bearbeiten', description: 'Title: edit item' },
  capacity: { id: 'projects.editor.capacity', defaultMessage: 'Plätze (leer: unbegrenzt)', description: 'Item capacity' },
  voteKind: { id: 'projects.editor.voteKind', defaultMessage: 'Abstimmung', description: 'Vote kind' },
  voteNone: { id: 'projects.editor.vote.none', defaultMessage: 'Keine Abstimmung', description: 'No vote' },
  voteOptions: { id: 'projects.editor.voteOptions', defaultMessage: 'Antworten der Umfrage (durch Komma getrennt)', description: 'Poll options' },
  date: { id: 'projects.editor.date', defaultMessage: 'Datum', description: 'Item date' },
  timeFrom: { id: 'projects.editor.timeFrom', defaultMessage: 'Von', description: 'Item time from' },
  timeTo: { id: 'projects.editor.timeTo', defaultMessage: 'Bis', description: 'Item time to' },
  moveTitle: { id: 'projects.editor.moveTitle', defaultMessage: 'Liste verschieben', description: 'Title: move list' },
  moveTarget: { id: 'projects.editor.moveTarget', defaultMessage: 'Ziel-Phase', description: 'Target phase' },
  move: { id: 'projects.editor.move', defaultMessage: 'Verschieben', description: 'Moves the list' },
  notifyTitle: { id: 'projects.editor.notifyTitle', defaultMessage: 'Eingetragene benachrichtigen', description: 'Title: notify list' },
  subject: { id: 'projects.editor.subject', defaultMessage: 'Betreff', description: 'Notice subject' },
  text: { id: 'projects.editor.text', defaultMessage: 'Nachricht', description: 'Notice text' },
  send: { id: 'projects.editor.send', defaultMessage: 'Senden', description: 'Sends the notice' },
  multiTitle: { id: 'projects.editor.multiTitle', defaultMessage: '{count, plural, one {# Liste} other {# Listen}} gemeinsam bearbeiten', description: 'Title: multi-edit' },
  unchanged: { id: 'projects.editor.unchanged', defaultMessage: 'Unverändert', description: 'Multi-edit: leave as is' },
  on: { id: 'projects.editor.on', defaultMessage: 'Ein', description: 'Switch on' },
  off: { id: 'projects.editor.off', defaultMessage: 'Aus', description: 'Switch off' },
  changeWindow: { id: 'projects.editor.changeWindow', defaultMessage: 'Zeitraum für alle setzen', description: 'Multi-edit: also set the window' },
}));

export const fieldKindMessages = untyped(defineMessages({
  text: { id: 'projects.fieldKind.text', defaultMessage: 'Text', description: 'Field kind' },
  textblock: { id: 'projects.fieldKind.textblock', defaultMessage: 'Textblock', description: 'Field kind' },
  number: { id: 'projects.fieldKind.number', defaultMessage: 'Zahl', description: 'Field kind' },
  selection: { id: 'projects.fieldKind.selection', defaultMessage: 'Auswahl', description: 'Field kind' },
  checkbox: { id: 'projects.fieldKind.checkbox', defaultMessage: 'Kontrollkästchen', description: 'Field kind' },
  scale: { id: 'projects.fieldKind.scale', defaultMessage: 'Skala', description: 'Field kind' },
  address: { id: 'projects.fieldKind.address', defaultMessage: 'Adresse', description: 'Field kind' },
  phone: { id: 'projects.fieldKind.phone', defaultMessage: 'Telefon', description: 'Field kind' },
  city: { id: 'projects.fieldKind.city', defaultMessage: 'Ort', description: 'Field kind' },
  street: { id: 'projects.fieldKind.street', defaultMessage: 'Straße', description: 'Field kind' },
  country: { id: 'projects.fieldKind.country', defaultMessage: 'Land', description: 'Field kind' },
  profile_picture: { id: 'projects.fieldKind.profilePicture', defaultMessage: 'Profilbild', description: 'Field kind' },
  date: { id: 'projects.fieldKind.date', defaultMessage: 'Datum', description: 'Field kind' },
  time: { id: 'projects.fieldKind.time', defaultMessage: 'Uhrzeit', description: 'Field kind' },
})) satisfies Record<FieldKind, unknown>;

export const voteKindMessages = untyped(defineMessages({
  yes_no_neutral: { id: 'projects.voteKind.yesNoNeutral', defaultMessage: 'Ja / Nein / Vielleicht', description: 'Vote kind' },
  yes_no: { id: 'projects.voteKind.yesNo', defaultMessage: 'Ja / Nein', description: 'Vote kind' },
  poll: { id: 'projects.voteKind.poll', defaultMessage: 'Umfrage', description: 'Vote kind' },
  like_dislike: { id: 'projects.voteKind.likeDislike', defaultMessage: 'Gefällt mir / Gefällt mir nicht', description: 'Vote kind' },
})) satisfies Record<VoteKind, unknown>;

interface Ref {
  teamId: string;
  projectId: string;
}

const splitList = (text: string) => text.split(',').map((part) => part.trim()).filter((part) => part !== '');

/** ISO instant → value of a datetime-local input (local time). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInput(value: string): string | null {
  return value === '' ? null : new Date(value).toISOString();
}

export function PhaseDialog({ target, phase, parent, onClose }: { target: Ref; phase?: PhaseView; parent?: PhaseView; onClose: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState(phase?.name ?? '');
  const [description, setDescription] = useState(phase?.description ?? '');
  const [add, addState] = useAddPhaseMutation();
  const [edit, editState] = useEditPhaseMutation();
  const title = phase ? intl.formatMessage(editorDialogMessages.phaseEdit)
    : parent ? intl.formatMessage(editorDialogMessages.groupNew, { name: parent.name }) : intl.formatMessage(editorDialogMessages.phaseNew);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = phase
      ? await edit({ ...target, phaseId: phase.phaseId, body: { name: name.trim(), description } })
      : await add({ ...target, body: { name: name.trim(), description, folderId: parent?.phaseId ?? null } });
    if (result.data) onClose();
  }

  return (
    <Modal title={title} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <TextField label={intl.formatMessage(editorDialogMessages.name)} value={name} onValueChange={setName} required maxLength={120} autoFocus />
        <div className="field">
          <label htmlFor="phase-description">{intl.formatMessage(editorDialogMessages.description)}</label>
          <textarea id="phase-description" rows={3} maxLength={10000} value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <ProjectErrorAlert error={addState.error ?? editState.error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={addState.isLoading || editState.isLoading}>{intl.formatMessage(editorDialogMessages.save)}</button>
        </div>
      </form>
    </Modal>
  );
}

interface FieldDraft {
  fieldId?: string;
  kind: FieldKind;
  label: string;
  required: boolean;
  options: string;
  scaleMin: string;
  scaleMax: string;
}

function draftOf(field: FieldDefinition & { fieldId?: string }): FieldDraft {
  return {
    fieldId: field.fieldId, kind: field.kind, label: field.label, required: field.required,
    options: (field.options ?? []).join(', '), scaleMin: String(field.scale?.min ?? 1), scaleMax: String(field.scale?.max ?? 5),
  };
}

function definitionOf(draft: FieldDraft): FieldDefinition & { fieldId?: string } {
  return {
    ...(draft.fieldId ? { fieldId: draft.fieldId } : {}),
    kind: draft.kind,
    label: draft.label.trim(),
    required: draft.required,
    ...(draft.kind === 'selection' ? { options: splitList(draft.options) } : {}),
    ...(draft.kind === 'scale' ? { scale: { min: Number(draft.scaleMin), max: Number(draft.scaleMax) } } : {}),
  };
}

function WindowInputs({ window, onChange }: { window: { opensAt: string; closesAt: string; endsAt: string }; onChange: (window: { opensAt: string; closesAt: string; endsAt: string }) => void }) {
  const intl = useIntl();
  return (
    <fieldset className="fieldset">
      <legend>{intl.formatMessage(editorDialogMessages.window)}</legend>
      <div className="field-row">
        <TextField label={intl.formatMessage(editorDialogMessages.opensAt)} type="datetime-local" value={window.opensAt} onValueChange={(opensAt) => onChange({ ...window, opensAt })} />
        <TextField label={intl.formatMessage(editorDialogMessages.closesAt)} type="datetime-local" value={window.closesAt} onValueChange={(closesAt) => onChange({ ...window, closesAt })} />
        <TextField label={intl.formatMessage(editorDialogMessages.endsAt)} type="datetime-local" value={window.endsAt} onValueChange={(endsAt) => onChange({ ...window, endsAt })} />
      </div>
    </fieldset>
  );
}

function windowOf(window: { opensAt: string; closesAt: string; endsAt: string }): ListWindow {
  return { opensAt: fromLocalInput(window.opensAt), closesAt: fromLocalInput(window.closesAt), endsAt: fromLocalInput(window.endsAt) };
}

const SHOW_LABEL = { all: editorDialogMessages.showAll, team: editorDialogMessages.showTeam, admins: editorDialogMessages.showAdmins } as const;

export function ListDialog({ target, phase, list, onClose }: { target: Ref; phase: PhaseView; list?: ListView; onClose: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState(list?.name ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [type, setType] = useState<1 | 2>(list?.type ?? 1);
  const [window, setWindow] = useState({
    opensAt: toLocalInput(list?.window.opensAt ?? null), closesAt: toLocalInput(list?.window.closesAt ?? null), endsAt: toLocalInput(list?.window.endsAt ?? null),
  });
  const [attendance, setAttendance] = useState<AttendanceMode>(list?.attendance ?? 'automatic');
  const [waitlist, setWaitlist] = useState(list?.settings.waitlist ?? false);
  const [allowAnonymous, setAllowAnonymous] = useState(list?.settings.allowAnonymous ?? true);
  const [maxPerPerson, setMaxPerPerson] = useState(list?.settings.maxPerPerson ? String(list.settings.maxPerPerson) : '');
  const [showNames, setShowNames] = useState<ShowNames>(list?.settings.showNames ?? 'all');
  const [fields, setFields] = useState<FieldDraft[]>((list?.fields ?? []).map(draftOf));
  const [add, addState] = useAddListMutation();
  const [edit, editState] = useEditListMutation();
  const [saveColumn, columnState] = useSavePresetColumnMutation();
  const { data: presets } = useListPresetsQuery(target.teamId);

  const updateField = (index: number, change: Partial<FieldDraft>) => setFields(fields.map((field, i) => (i === index ? { ...field, ...change } : field)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: ListInput & { name: string } = {
      name: name.trim(), description, type, window: windowOf(window), attendance,
      fields: fields.map(definitionOf),
      settings: { waitlist, allowAnonymous, showNames, maxPerPerson: maxPerPerson === '' ? null : Number(maxPerPerson) },
    };
    const result = list ? await edit({ ...target, listId: list.listId, body }) : await add({ ...target, phaseId: phase.phaseId, body });
    if (result.data) onClose();
  }

  return (
    <Modal title={list ? intl.formatMessage(editorDialogMessages.listEdit) : intl.formatMessage(editorDialogMessages.listNew, { name: phase.name })} onClose={onClose} wide>
      <form className="form form--wide" onSubmit={(event) => void submit(event)}>
        <TextField label={intl.formatMessage(editorDialogMessages.name)} value={name} onValueChange={setName} required maxLength={120} autoFocus />
        <div className="field">
          <label htmlFor="list-description">{intl.formatMessage(editorDialogMessages.description)}</label>
          <textarea id="list-description" rows={2} maxLength={10000} value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="list-type">{intl.formatMessage(editorDialogMessages.listType)}</label>
          <select id="list-type" className="input" value={type} onChange={(event) => setType(event.target.value === '2' ? 2 : 1)}>
            <option value={1}>{intl.formatMessage(editorDialogMessages.listTypeNormal)}</option>
            <option value={2}>{intl.formatMessage(editorDialogMessages.listTypeFull)}</option>
          </select>
        </div>
        <WindowInputs window={window} onChange={setWindow} />
        <div className="field">
          <label htmlFor="list-attendance">{intl.formatMessage(editorDialogMessages.attendance)}</label>
          <select id="list-attendance" className="input" value={attendance} onChange={(event) => setAttendance(event.target.value === 'manual' ? 'manual' : 'automatic')}>
            <option value="automatic">{intl.formatMessage(editorDialogMessages.attendanceAutomatic)}</option>
            <option value="manual">{intl.formatMessage(editorDialogMessages.attendanceManual)}</option>
          </select>
        </div>
        <Checkbox label={intl.formatMessage(editorDialogMessages.waitlist)} checked={waitlist} onChange={setWaitlist} />
        <Checkbox label={intl.formatMessage(editorDialogMessages.anonymous)} checked={allowAnonymous} onChange={setAllowAnonymous} />
        <TextField label={intl.formatMessage(editorDialogMessages.maxPerPerson)} type="number" min={1} max={1000} value={maxPerPerson} onValueChange={setMaxPerPerson} />
        <div className="field">
          <label htmlFor="list-show-names">{intl.formatMessage(editorDialogMessages.showNames)}</label>
          <select id="list-show-names" className="input" value={showNames} onChange={(event) => setShowNames(SHOW_NAMES.find((option) => option === event.target.value) ?? 'all')}>
            {SHOW_NAMES.map((option) => <option key={option} value={option}>{intl.formatMessage(SHOW_LABEL[option])}</option>)}
          </select>
        </div>
        <fieldset className="fieldset">
          <legend>{intl.formatMessage(editorDialogMessages.fields)}</legend>
          {fields.map((field, index) => {
            const number = index + 1;
            return (
              <div key={field.fieldId ?? `new-${index}`} className="field-card" data-testid="list-field">
                <div className="field-row">
                  <div className="field">
                    <label htmlFor={`field-kind-${index}`}>{intl.formatMessage(editorDialogMessages.fieldKind, { index: number })}</label>
                    <select id={`field-kind-${index}`} className="input" value={field.kind} onChange={(event) => updateField(index, { kind: FIELD_KINDS.find((kind) => kind === event.target.value) ?? 'text' })}>
                      {FIELD_KINDS.map((kind) => <option key={kind} value={kind}>{intl.formatMessage(fieldKindMessages[kind])}</option>)}
                    </select>
                  </div>
                  <TextField label={intl.formatMessage(editorDialogMessages.fieldLabel, { index: number })} value={field.label} onValueChange={(label) => updateField(index, { label })} required maxLength={120} />
                </div>
                {field.kind === 'selection' && (
                  <TextField label={intl.formatMessage(editorDialogMessages.fieldOptions)} value={field.options} onValueChange={(options) => updateField(index, { options })} required />
                )}
                {field.kind === 'scale' && (
                  <div className="field-row">
                    <TextField label={intl.formatMessage(editorDialogMessages.scaleMin)} type="number" value={field.scaleMin} onValueChange={(scaleMin) => updateField(index, { scaleMin })} required />
                    <TextField label={intl.formatMessage(editorDialogMessages.scaleMax)} type="number" value={field.scaleMax} onValueChange={(scaleMax) => updateField(index, { scaleMax })} required />
                  </div>
                )}
                <div className="field-row">
                  <Checkbox label={intl.formatMessage(editorDialogMessages.fieldRequired)} checked={field.required} onChange={(required) => updateField(index, { required })} />
                  <button type="button" className="link-button" onClick={() => setFields(fields.filter((_, i) => i !== index))}>
                    {intl.formatMessage(editorDialogMessages.fieldRemove, { index: number })}
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={field.label.trim() === '' || columnState.isLoading}
                    onClick={() => void saveColumn({ teamId: target.teamId, field: (({ fieldId: _omit, ...rest }) => rest)(definitionOf(field)) })}
                  >
                    {intl.formatMessage(editorDialogMessages.fieldSaveColumn)}
                  </button>
                </div>
              </div>
            );
          })}
          <div className="field-row">
            <button type="button" className="button" onClick={() => setFields([...fields, { kind: 'text', label: '', required: false, options: '', scaleMin: '1', scaleMax: '5' }])}>
              {intl.formatMessage(editorDialogMessages.fieldAdd)}
            </button>
            {presets && presets.columns.length > 0 && (
              <div className="field">
                <label htmlFor="list-from-column">{intl.formatMessage(editorDialogMessages.fromColumn)}</label>
                <select
                  id="list-from-column"
                  className="input"
                  value=""
                  onChange={(event) => {
                    const column = presets.columns.find((candidate) => candidate.columnId === event.target.value);
                    if (column) setFields([...fields, draftOf(column.field)]);
                  }}
                >
                  <option value="">–</option>
                  {presets.columns.map((column) => <option key={column.columnId} value={column.columnId}>{column.field.label}</option>)}
                </select>
              </div>
            )}
          </div>
          {columnState.isSuccess && <p className="hint" role="status">{intl.formatMessage(editorDialogMessages.columnSaved)}</p>}
        </fieldset>
        <ProjectErrorAlert error={addState.error ?? editState.error ?? columnState.error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={addState.isLoading || editState.isLoading}>{intl.formatMessage(editorDialogMessages.save)}</button>
        </div>
      </form>
    </Modal>
  );
}

export function ItemDialog({ target, list, item, onClose }: { target: Ref; list: ListView; item?: ItemView; onClose: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [capacity, setCapacity] = useState(item?.capacity ? String(item.capacity) : '');
  const [voteKind, setVoteKind] = useState<VoteKind | ''>(item?.vote?.kind ?? '');
  const [voteOptions, setVoteOptions] = useState((item?.vote?.options ?? []).join(', '));
  const [date, setDate] = useState(item?.date ?? '');
  const [from, setFrom] = useState(item?.time?.from ?? '');
  const [to, setTo] = useState(item?.time?.to ?? '');
  const [add, addState] = useAddItemMutation();
  const [edit, editState] = useEditItemMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      name: name.trim(), description,
      capacity: capacity === '' ? null : Number(capacity),
      vote: voteKind === '' ? null : { kind: voteKind, ...(voteKind === 'poll' ? { options: splitList(voteOptions) } : {}) },
      date: date === '' ? null : date,
      time: from !== '' && to !== '' ? { from, to } : null,
    };
    const result = item ? await edit({ ...target, listId: list.listId, itemId: item.itemId, body }) : await add({ ...target, listId: list.listId, body });
    if (result.data) onClose();
  }

  return (
    <Modal title={item ? intl.formatMessage(editorDialogMessages.itemEdit) : intl.formatMessage(editorDialogMessages.itemNew, { name: list.name })} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <TextField label={intl.formatMessage(editorDialogMessages.name)} value={name} onValueChange={setName} required maxLength={200} autoFocus />
        <div className="field">
          <label htmlFor="item-description">{intl.formatMessage(editorDialogMessages.description)}</label>
          <textarea id="item-description" rows={2} maxLength={10000} value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <TextField label={intl.formatMessage(editorDialogMessages.capacity)} type="number" min={1} max={100000} value={capacity} onValueChange={setCapacity} />
        <div className="field">
          <label htmlFor="item-vote">{intl.formatMessage(editorDialogMessages.voteKind)}</label>
          <select id="item-vote" className="input" value={voteKind} onChange={(event) => setVoteKind(VOTE_KINDS.find((kind) => kind === event.target.value) ?? '')}>
            <option value="">{intl.formatMessage(editorDialogMessages.voteNone)}</option>
            {VOTE_KINDS.map((kind) => <option key={kind} value={kind}>{intl.formatMessage(voteKindMessages[kind])}</option>)}
          </select>
        </div>
        {voteKind === 'poll' && (
          <TextField label={intl.formatMessage(editorDialogMessages.voteOptions)} value={voteOptions} onValueChange={setVoteOptions} required />
        )}
        <TextField label={intl.formatMessage(editorDialogMessages.date)} type="date" value={date} onValueChange={setDate} />
        <div className="field-row">
          <TextField label={intl.formatMessage(editorDialogMessages.timeFrom)} type="time" value={from} onValueChange={setFrom} required={to !== ''} />
          <TextField label={intl.formatMessage(editorDialogMessages.timeTo)} type="time" value={to} onValueChange={setTo} required={from !== ''} />
        </div>
        <ProjectErrorAlert error={addState.error ?? editState.error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={addState.isLoading || editState.isLoading}>{intl.formatMessage(editorDialogMessages.save)}</button>
        </div>
      </form>
    </Modal>
  );
}

export function MoveListDialog({ target, list, phases, onClose }: { target: Ref; list: ListView; phases: PhaseView[]; onClose: () => void }) {
  const intl = useIntl();
  const others = phases.filter((phase) => phase.phaseId !== list.phaseId);
  const [phaseId, setPhaseId] = useState(others[0]?.phaseId ?? '');
  const [move, { isLoading, error }] = useMoveListMutation();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await move({ ...target, listId: list.listId, phaseId });
    if (result.data) onClose();
  }
  return (
    <Modal title={intl.formatMessage(editorDialogMessages.moveTitle)} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor="move-target">{intl.formatMessage(editorDialogMessages.moveTarget)}</label>
          <select id="move-target" className="input" value={phaseId} required onChange={(event) => setPhaseId(event.target.value)}>
            {others.map((phase) => <option key={phase.phaseId} value={phase.phaseId}>{phase.name}</option>)}
          </select>
        </div>
        <ProjectErrorAlert error={error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={isLoading || phaseId === ''}>{intl.formatMessage(editorDialogMessages.move)}</button>
        </div>
      </form>
    </Modal>
  );
}

export function NotifyDialog({ target, list, onClose, onSent }: { target: Ref; list: ListView; onClose: () => void; onSent: (recipients: number) => void }) {
  const intl = useIntl();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [notify, { isLoading, error }] = useNotifyListMutation();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await notify({ ...target, listId: list.listId, subject: subject.trim(), text: text.trim() });
    if (result.data) onSent(result.data.recipients);
  }
  return (
    <Modal title={intl.formatMessage(editorDialogMessages.notifyTitle)} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <TextField label={intl.formatMessage(editorDialogMessages.subject)} value={subject} onValueChange={setSubject} required maxLength={200} autoFocus />
        <div className="field">
          <label htmlFor="notify-text">{intl.formatMessage(editorDialogMessages.text)}</label>
          <textarea id="notify-text" rows={5} required value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <ProjectErrorAlert error={error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(editorDialogMessages.send)}</button>
        </div>
      </form>
    </Modal>
  );
}

type Tri = '' | 'on' | 'off';

/** One change for several lists (the list menu's multi-edit). */
export function MultiEditDialog({ target, listIds, onClose }: { target: Ref; listIds: string[]; onClose: () => void }) {
  const intl = useIntl();
  const [type, setType] = useState<'' | '1' | '2'>('');
  const [attendance, setAttendance] = useState<'' | AttendanceMode>('');
  const [waitlist, setWaitlist] = useState<Tri>('');
  const [anonymous, setAnonymous] = useState<Tri>('');
  const [showNames, setShowNames] = useState<'' | ShowNames>('');
  const [changeWindow, setChangeWindow] = useState(false);
  const [window, setWindow] = useState({ opensAt: '', closesAt: '', endsAt: '' });
  const [editLists, { isLoading, error }] = useEditListsMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const settings = {
      ...(waitlist !== '' ? { waitlist: waitlist === 'on' } : {}),
      ...(anonymous !== '' ? { allowAnonymous: anonymous === 'on' } : {}),
      ...(showNames !== '' ? { showNames } : {}),
    };
    const changes = {
      ...(type !== '' ? { type: type === '2' ? 2 as const : 1 as const } : {}),
      ...(attendance !== '' ? { attendance } : {}),
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
      ...(changeWindow ? { window: windowOf(window) } : {}),
    };
    const result = await editLists({ ...target, listIds, changes });
    if (result.data) onClose();
  }

  const tri = (id: string, label: string, value: Tri, onChange: (value: Tri) => void) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value === 'on' ? 'on' : event.target.value === 'off' ? 'off' : '')}>
        <option value="">{intl.formatMessage(editorDialogMessages.unchanged)}</option>
        <option value="on">{intl.formatMessage(editorDialogMessages.on)}</option>
        <option value="off">{intl.formatMessage(editorDialogMessages.off)}</option>
      </select>
    </div>
  );

  return (
    <Modal title={intl.formatMessage(editorDialogMessages.multiTitle, { count: listIds.length })} onClose={onClose} wide>
      <form className="form form--wide" onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor="multi-type">{intl.formatMessage(editorDialogMessages.listType)}</label>
          <select id="multi-type" className="input" value={type} onChange={(event) => setType(event.target.value === '1' ? '1' : event.target.value === '2' ? '2' : '')}>
            <option value="">{intl.formatMessage(editorDialogMessages.unchanged)}</option>
            <option value="1">{intl.formatMessage(editorDialogMessages.listTypeNormal)}</option>
            <option value="2">{intl.formatMessage(editorDialogMessages.listTypeFull)}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="multi-attendance">{intl.formatMessage(editorDialogMessages.attendance)}</label>
          <select id="multi-attendance" className="input" value={attendance} onChange={(event) => setAttendance(event.target.value === 'manual' ? 'manual' : event.target.value === 'automatic' ? 'automatic' : '')}>
            <option value="">{intl.formatMessage(editorDialogMessages.unchanged)}</option>
            <option value="automatic">{intl.formatMessage(editorDialogMessages.attendanceAutomatic)}</option>
            <option value="manual">{intl.formatMessage(editorDialogMessages.attendanceManual)}</option>
          </select>
        </div>
        {tri('multi-waitlist', intl.formatMessage(editorDialogMessages.waitlist), waitlist, setWaitlist)}
        {tri('multi-anonymous', intl.formatMessage(editorDialogMessages.anonymous), anonymous, setAnonymous)}
        <div className="field">
          <label htmlFor="multi-show">{intl.formatMessage(editorDialogMessages.showNames)}</label>
          <select id="multi-show" className="input" value={showNames} onChange={(event) => setShowNames(SHOW_NAMES.find((option) => option === event.target.value) ?? '')}>
            <option value="">{intl.formatMessage(editorDialogMessages.unchanged)}</option>
            {SHOW_NAMES.map((option) => <option key={option} value={option}>{intl.formatMessage(SHOW_LABEL[option])}</option>)}
          </select>
        </div>
        <Checkbox label={intl.formatMessage(editorDialogMessages.changeWindow)} checked={changeWindow} onChange={setChangeWindow} />
        {changeWindow && <WindowInputs window={window} onChange={setWindow} />}
        <ProjectErrorAlert error={error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(editorDialogMessages.save)}</button>
        </div>
      </form>
    </Modal>
  );
}
