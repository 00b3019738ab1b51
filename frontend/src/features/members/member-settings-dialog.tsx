import { useId, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { isApiError } from '../../app/api-error';
import { ApiErrorAlert, TextField } from '../../shared/form';
import { Icon, Plus, X } from '../../shared/icons';
import { Skeleton } from '../../shared/skeleton';
import { Modal } from '../../shared/ui';
import { untyped } from '../../shared/untyped-messages';
import { amountText, parseAmount } from './fee-amount';
import { parseMemberNumber, Select } from './member-fields';
import {
  CURRENCIES, FEE_INTERVALS, useChangeMemberSettingsMutation, useGetMemberSettingsQuery,
  type Currency, type FeeInterval, type MemberSettingsView,
} from './members.api';
import { INTERVAL_LABEL, memberMessages } from './members.messages';

const messages = untyped(defineMessages({
  categories: { id: 'members.settings.categories', defaultMessage: 'Beitragsarten', description: 'Heading of the fee categories' },
  categoriesHint: { id: 'members.settings.categoriesHint', defaultMessage: 'Eine Beitragsart, der noch Mitglieder zugeordnet sind, lässt sich nicht entfernen.', description: 'Removing a fee category that members have is refused' },
  none: { id: 'members.settings.none', defaultMessage: 'Noch keine Beitragsart.', description: 'The team has no fee categories yet' },
  category: { id: 'members.settings.category', defaultMessage: 'Beitragsart {n}', description: 'Accessible name of one fee category row' },
  name: { id: 'members.settings.name', defaultMessage: 'Bezeichnung', description: 'Fee category field: its name, e.g. Erwachsene' },
  amount: { id: 'members.settings.amount', defaultMessage: 'Betrag', description: 'Fee category field: the amount' },
  currency: { id: 'members.settings.currency', defaultMessage: 'Währung', description: 'Fee category field: the currency' },
  interval: { id: 'members.settings.interval', defaultMessage: 'Zahlweise', description: 'Fee category field: how often it is paid' },
  members: { id: 'members.settings.memberCount', defaultMessage: '{count, plural, =0 {keine Mitglieder} one {# Mitglied} other {# Mitglieder}}', description: 'How many members have this fee category' },
  add: { id: 'members.settings.add', defaultMessage: 'Beitragsart hinzufügen', description: 'Adds a fee category' },
  remove: { id: 'members.settings.remove', defaultMessage: 'Beitragsart „{name}“ entfernen', description: 'Removes a fee category (accessible name of the button)' },
  nextNumber: { id: 'members.settings.nextNumber', defaultMessage: 'Nächste Mitgliedsnummer', description: 'The number the next new member gets' },
  nextNumberHint: { id: 'members.settings.nextNumberHint', defaultMessage: 'Neue Mitglieder ohne eigene Nummer bekommen diese und die folgenden freien Nummern.', description: 'Hint of the next member number' },
  save: { id: 'members.settings.save', defaultMessage: 'Speichern', description: 'Saves the member settings' },
  nameRequired: { id: 'members.settings.nameRequired', defaultMessage: 'Bitte gib eine Bezeichnung an (höchstens 60 Zeichen).', description: 'A fee category without a name or with a too long one' },
  amountInvalid: { id: 'members.settings.amountInvalid', defaultMessage: 'Bitte gib einen Betrag von 0 bis 100000 mit höchstens zwei Nachkommastellen ein.', description: 'A fee amount that is no amount or too large' },
}));

interface CategoryDraft {
  categoryId: string;
  name: string;
  amount: string;
  currency: Currency;
  interval: FeeInterval;
  memberCount: number;
}

const MAX_CATEGORIES = 30;

/** A version-4 UUID for a new category (getRandomValues also works on plain-http LAN addresses, where randomUUID is missing). */
export function newCategoryId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
const MAX_AMOUNT = 10_000_000;
const MAX_NAME = 60;

/** "Beiträge und Nummern": the team's fee categories as a whole and the next member number. */
export function MemberSettingsDialog({ teamId, onClose }: { teamId: string; onClose: () => void }) {
  const intl = useIntl();
  const { data: settings, error } = useGetMemberSettingsQuery({ teamId });
  return (
    <Modal title={intl.formatMessage(memberMessages.settings)} onClose={onClose} wide>
      {settings ? <SettingsForm teamId={teamId} settings={settings} onDone={onClose} /> : error ? <ApiErrorAlert error={error} /> : <Skeleton shape="page" rows={2} />}
    </Modal>
  );
}

function SettingsForm({ teamId, settings, onDone }: { teamId: string; settings: MemberSettingsView; onDone: () => void }) {
  const intl = useIntl();
  const id = useId();
  const [categories, setCategories] = useState<CategoryDraft[]>(() => settings.feeCategories.map((category) => ({
    categoryId: category.categoryId, name: category.name, amount: amountText(category.fee.amount, intl.locale),
    currency: category.fee.currency, interval: category.interval, memberCount: category.memberCount,
  })));
  const [nextNumber, setNextNumber] = useState(String(settings.nextMemberNumber));
  const [tried, setTried] = useState(false);
  const [save, { isLoading, error }] = useChangeMemberSettingsMutation();

  const nameProblem = (category: CategoryDraft) => category.name.trim() === '' || category.name.trim().length > MAX_NAME;
  const amountOf = (category: CategoryDraft) => {
    const amount = parseAmount(category.amount, intl.locale);
    return amount !== null && amount <= MAX_AMOUNT ? amount : null;
  };
  const number = parseMemberNumber(nextNumber);
  const invalid = categories.some((category) => nameProblem(category) || amountOf(category) === null) || number === undefined || number === null;
  const update = (index: number, change: Partial<CategoryDraft>) => setCategories((current) => current.map((category, at) => (at === index ? { ...category, ...change } : category)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (isLoading || invalid || number === undefined || number === null) return;
    const answer = await save({
      teamId,
      body: {
        feeCategories: categories.map((category) => ({
          categoryId: category.categoryId, name: category.name.trim(),
          fee: { amount: amountOf(category) ?? 0, currency: category.currency }, interval: category.interval,
        })),
        nextMemberNumber: number,
      },
    }).unwrap().catch(() => null);
    if (answer) onDone();
  }

  return (
    <form className="form form--wide member-settings" noValidate onSubmit={(event) => void submit(event)} aria-busy={isLoading}>
      <h3>{intl.formatMessage(messages.categories)}</h3>
      <p className="hint">{intl.formatMessage(messages.categoriesHint)}</p>
      {categories.length === 0 && <p>{intl.formatMessage(messages.none)}</p>}
      <ol className="fee-categories">
        {categories.map((category, index) => (
          <li key={category.categoryId} className="fee-category">
            <fieldset className="fee-category__fields">
              <legend className="visually-hidden">{intl.formatMessage(messages.category, { n: index + 1 })}</legend>
              <TextField
                label={intl.formatMessage(messages.name)}
                value={category.name}
                maxLength={MAX_NAME}
                autoComplete="off"
                problem={tried && nameProblem(category) ? intl.formatMessage(messages.nameRequired) : null}
                onValueChange={(name) => update(index, { name })}
              />
              <TextField
                label={intl.formatMessage(messages.amount)}
                value={category.amount}
                inputMode="decimal"
                maxLength={12}
                autoComplete="off"
                problem={tried && amountOf(category) === null ? intl.formatMessage(messages.amountInvalid) : null}
                onValueChange={(amount) => update(index, { amount })}
              />
              <Select id={`${id}-currency-${index}`} label={intl.formatMessage(messages.currency)} value={category.currency} problem={null} onValueChange={(currency) => update(index, { currency: currency as Currency })}>
                {CURRENCIES.map((currency) => <option key={currency} value={currency}>{currency}</option>)}
              </Select>
              <Select id={`${id}-interval-${index}`} label={intl.formatMessage(messages.interval)} value={category.interval} problem={null} onValueChange={(interval) => update(index, { interval: interval as FeeInterval })}>
                {FEE_INTERVALS.map((interval) => <option key={interval} value={interval}>{intl.formatMessage(INTERVAL_LABEL[interval])}</option>)}
              </Select>
            </fieldset>
            <div className="fee-category__foot">
              <span className="hint">{intl.formatMessage(messages.members, { count: category.memberCount })}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={intl.formatMessage(messages.remove, { name: category.name.trim() || String(index + 1) })}
                onClick={() => setCategories((current) => current.filter((_, at) => at !== index))}
              >
                <Icon of={X} />
              </button>
            </div>
          </li>
        ))}
      </ol>
      {categories.length < MAX_CATEGORIES && (
        <button
          type="button"
          className="button"
          onClick={() => setCategories((current) => [...current, { categoryId: newCategoryId(), name: '', amount: '', currency: 'EUR', interval: 'year', memberCount: 0 }])}
        >
          <Icon of={Plus} /> {intl.formatMessage(messages.add)}
        </button>
      )}
      <div className="member-settings__number">
        <TextField
          label={intl.formatMessage(messages.nextNumber)}
          value={nextNumber}
          inputMode="numeric"
          maxLength={9}
          autoComplete="off"
          hint={intl.formatMessage(messages.nextNumberHint)}
          problem={(tried && (number === undefined || number === null)) || (isApiError(error) && error.field === 'nextMemberNumber') ? intl.formatMessage(memberMessages.numberInvalid) : null}
          onValueChange={setNextNumber}
        />
      </div>
      <ApiErrorAlert error={error} />
      <div className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(messages.save)}</button>
      </div>
    </form>
  );
}
