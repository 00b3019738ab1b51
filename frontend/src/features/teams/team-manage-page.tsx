import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiErrorAlert, Checkbox, TextField } from '../../shared/form';
import { colourMessages, colourName } from '../../shared/colour-messages';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { designMessages } from '../settings';
import { useTeam } from './team-layout';
import { useChangeTeamSettingsMutation, type TeamDesign, type TeamDetails } from './teams.api';
import { manageMessages } from './teams.messages';
import { PlanOverview } from './plan-overview';
import { RetentionSetting } from './retention-setting';

const COLOURS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const THEMES = ['default', 'dark', 'dark-contrast', 'contrast'] as const;
const THEME_LABELS = {
  default: designMessages.themeDefault, dark: designMessages.themeDark,
  'dark-contrast': designMessages.themeDarkContrast, contrast: designMessages.themeContrast,
} as const;

// team-manage: the team settings (name, logo, design; owner or admin, spec section 6) and the
// plan overview with the way to team-setup, and how long the activity log keeps entries.
export function TeamManagePage() {
  const team = useTeam();
  return (
    <>
      <TeamSettingsForm key={team.id} team={team} />
      <PlanOverview team={team} />
      {(team.level === 'owner' || team.level === 'admin') && <RetentionSetting team={team} />}
    </>
  );
}

function TeamSettingsForm({ team }: { team: TeamDetails }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const editable = team.level === 'owner' || team.level === 'admin';
  const [name, setName] = useState(team.name);
  const [logo, setLogo] = useState(team.design.logo_url ?? '');
  const [colour, setColour] = useState<string>(team.design.color ? String(team.design.color) : '');
  const [theme, setTheme] = useState<string>(team.design.theme ?? '');
  const [contactUser, setContactUser] = useState(team.set.contactUser);
  const [contactGroup, setContactGroup] = useState(team.set.contactGroup);
  const [save, { isLoading, error }] = useChangeTeamSettingsMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const design: TeamDesign = {};
    if (colour !== '') design.color = Number(colour);
    const chosenTheme = THEMES.find((candidate) => candidate === theme);
    if (chosenTheme) design.theme = chosenTheme;
    const result = await save({
      teamId: team.id,
      body: { name: name.trim(), logoUrl: logo.trim() === '' ? null : logo.trim(), design, set: { contactUser, contactGroup } },
    });
    if (result.data) dispatch(popupShown({ message: manageMessages.saved, tone: 'success' }));
  }

  return (
    <section className="card" aria-labelledby="team-settings">
      <h2 id="team-settings">{intl.formatMessage(manageMessages.settingsTitle)}</h2>
      {!editable && <p className="hint">{intl.formatMessage(manageMessages.ownerOnly)}</p>}
      <form className="form" onSubmit={(event) => void submit(event)}>
        <fieldset disabled={!editable} className="plain-fieldset">
          <TextField label={intl.formatMessage(manageMessages.name)} value={name} onValueChange={setName} required maxLength={100} />
          <TextField label={intl.formatMessage(manageMessages.logo)} type="url" value={logo} onValueChange={setLogo} maxLength={2048} />
          <div className="field">
            <label htmlFor="team-colour">{intl.formatMessage(manageMessages.colour)}</label>
            <select id="team-colour" className="input" value={colour} onChange={(event) => setColour(event.target.value)}>
              <option value="">{intl.formatMessage(manageMessages.none)}</option>
              {COLOURS.map((id) => <option key={id} value={id}>{intl.formatMessage(colourMessages[colourName(id)])}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor="team-theme">{intl.formatMessage(manageMessages.theme)}</label>
            <select id="team-theme" className="input" value={theme} onChange={(event) => setTheme(event.target.value)}>
              <option value="">{intl.formatMessage(manageMessages.none)}</option>
              {THEMES.map((id) => <option key={id} value={id}>{intl.formatMessage(THEME_LABELS[id])}</option>)}
            </select>
          </div>
          <Checkbox label={intl.formatMessage(manageMessages.contactUser)} checked={contactUser} onChange={setContactUser} />
          <Checkbox label={intl.formatMessage(manageMessages.contactGroup)} checked={contactGroup} onChange={setContactGroup} />
          <ApiErrorAlert error={error} />
          <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(manageMessages.save)}</button>
        </fieldset>
      </form>
    </section>
  );
}
