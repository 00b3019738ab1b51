import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import type { TeamMember } from './teams.api';

// A combobox over the team's members, filtered by name as one types (ARIA 1.2 combobox with a
// listbox popup): arrow keys move, Enter chooses, Escape closes.
export function MemberCombobox({ inputRef, label, hint, noMatch, members, nameOf, chosen, onChoose, problem }: {
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  hint: string;
  noMatch: string;
  members: readonly TeamMember[];
  nameOf: (member: TeamMember) => string;
  chosen: TeamMember | null;
  onChoose: (member: TeamMember | null) => void;
  problem?: string;
}) {
  const id = useId();
  const [text, setText] = useState(chosen ? nameOf(chosen) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = text.trim().toLocaleLowerCase();
  const matches = members.filter((member) => nameOf(member).toLocaleLowerCase().includes(query)).slice(0, 8);
  const shown = chosen ? nameOf(chosen) : text;

  function choose(member: TeamMember) {
    onChoose(member);
    setText(nameOf(member));
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') { event.preventDefault(); setOpen(true); setActive((index) => Math.min(index + 1, matches.length - 1)); }
    else if (event.key === 'ArrowUp') { event.preventDefault(); setActive((index) => Math.max(index - 1, 0)); }
    else if (event.key === 'Escape') setOpen(false);
    else if (event.key === 'Enter' && open && matches[active]) { event.preventDefault(); choose(matches[active]); }
  }

  return (
    <div className="field member-combobox">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        ref={inputRef}
        className="input"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && matches[active] ? `${id}-option-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        aria-invalid={problem ? true : undefined}
        value={shown}
        onChange={(event) => { setText(event.target.value); onChoose(null); setOpen(true); setActive(0); }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className={problem ? 'field__problem' : 'hint'}>{problem ?? hint}</p>
      <ul id={`${id}-list`} role="listbox" aria-label={label} className="member-combobox__list" hidden={!open}>
        {matches.map((member, index) => (
          <li key={member.userId} id={`${id}-option-${index}`} role="option" aria-selected={index === active}
            className="member-combobox__option" onMouseDown={(event) => { event.preventDefault(); choose(member); }}>
            {nameOf(member)}
          </li>
        ))}
        {matches.length === 0 && <li className="member-combobox__none" aria-disabled="true">{noMatch}</li>}
      </ul>
    </div>
  );
}
