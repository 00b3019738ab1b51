import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useListActivityActorsQuery } from './activity.api';
import { untyped } from '../../shared/untyped-messages';

const messages = untyped(defineMessages({
  person: { id: 'activity.filter.person', defaultMessage: 'Person', description: 'Filter: who did it, picked by name' },
  personHint: { id: 'activity.filter.personHint', defaultMessage: 'Name eingeben oder auswählen', description: 'Placeholder of the person filter' },
  unknownPerson: { id: 'activity.filter.unknownPerson', defaultMessage: 'Unbekannte Person', description: 'Person filter set to someone not in the list of names' },
}));

/** The person filter: a name typed or picked from the people in the log (never an id). */
export function PersonFilter({ teamId, person, onChange }: { teamId: string; person: string | undefined; onChange: (person: string) => void }) {
  const intl = useIntl();
  const { data } = useListActivityActorsQuery({ teamId });
  const actors = data?.actors ?? [];
  const [typed, setTyped] = useState<string | null>(null);
  const chosen = person === undefined ? '' : actors.find((actor) => actor.id === person)?.name ?? (data ? intl.formatMessage(messages.unknownPerson) : '');
  const choose = (text: string) => {
    setTyped(text);
    const wanted = text.trim().toLocaleLowerCase();
    if (wanted === '') {
      onChange('');
      return;
    }
    const match = actors.find((actor) => actor.name.toLocaleLowerCase() === wanted);
    if (match) {
      setTyped(null);
      onChange(match.id);
    }
  };
  return (
    <div className="field">
      <label htmlFor="activity-person">{intl.formatMessage(messages.person)}</label>
      <input
        id="activity-person"
        className="input activity-person"
        list="activity-people"
        autoComplete="off"
        placeholder={intl.formatMessage(messages.personHint)}
        value={typed ?? chosen}
        onChange={(event) => choose(event.target.value)}
      />
      <datalist id="activity-people">
        {actors.map((actor) => <option key={actor.id} value={actor.name} />)}
      </datalist>
    </div>
  );
}

