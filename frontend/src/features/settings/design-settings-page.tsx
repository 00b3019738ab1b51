import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { THEMES, type Theme } from '@planwerk/events/constants';
import { ApiErrorAlert } from '../../shared/form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSaveUserPreferencesMutation, type PreferenceChange } from '../../app/preferences.api';
import { sidebarModeChosen, themeChosen, viewOptionChosen, type SidebarPreference, type ViewPreference } from '../../app/preferences.slice';
import { popupShown } from '../../app/ui.slice';
import { designMessages, settingsMessages } from './settings.messages';

const THEME_LABELS: Record<Theme, MessageDescriptor> = {
  default: designMessages.themeDefault,
  dark: designMessages.themeDark,
  'dark-contrast': designMessages.themeDarkContrast,
  contrast: designMessages.themeContrast,
};

function Choice<T extends string | number>({ legend, name, options, value, onChoose }: {
  legend: string; name: string; options: readonly { value: T; label: string }[]; value: T; onChoose: (value: T) => void;
}) {
  return (
    <fieldset className="radio-row">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={String(option.value)}>
          <input type="radio" name={name} checked={value === option.value} onChange={() => onChoose(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

// /settings/design: theme, sidebar mode and grid or list, saved as the user's preferences
// (PUT /v5/user/{uid}/ui) and applied at once.
export function DesignSettingsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const preferences = useAppSelector((state) => state.preferences);
  const uid = useAppSelector((state) => state.auth.user?.uid);
  const [save, { error }] = useSaveUserPreferencesMutation();

  async function change(data: PreferenceChange) {
    if (data.theme) dispatch(themeChosen(data.theme));
    if (data.sidebar) dispatch(sidebarModeChosen(data.sidebar));
    if (data.viewOpt) dispatch(viewOptionChosen(data.viewOpt));
    if (!uid) return;
    const result = await save({ uid, data });
    if (result.data) dispatch(popupShown({ message: settingsMessages.saved, tone: 'success' }));
  }

  return (
    <section className="card" aria-labelledby="settings-design">
      <h2 id="settings-design">{intl.formatMessage(settingsMessages.design)}</h2>
      <Choice<Theme>
        legend={intl.formatMessage(designMessages.theme)} name="theme" value={preferences.theme}
        options={THEMES.map((theme) => ({ value: theme, label: intl.formatMessage(THEME_LABELS[theme]) }))}
        onChoose={(theme) => void change({ theme })}
      />
      <Choice<SidebarPreference>
        legend={intl.formatMessage(designMessages.sidebar)} name="sidebar" value={preferences.sidebar}
        options={[{ value: 1, label: intl.formatMessage(designMessages.sidebarRoute) }, { value: 2, label: intl.formatMessage(designMessages.sidebarAlways) }]}
        onChoose={(sidebar) => void change({ sidebar })}
      />
      <Choice<ViewPreference>
        legend={intl.formatMessage(designMessages.view)} name="viewOpt" value={preferences.viewOpt}
        options={[{ value: 'grid', label: intl.formatMessage(designMessages.grid) }, { value: 'list', label: intl.formatMessage(designMessages.list) }]}
        onChoose={(viewOpt) => void change({ viewOpt })}
      />
      <p className="hint">{intl.formatMessage(designMessages.hint)}</p>
      <ApiErrorAlert error={error} />
    </section>
  );
}
