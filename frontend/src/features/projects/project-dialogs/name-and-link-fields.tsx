import { useState } from 'react';
import { TextField } from '../../../shared/form';
import { slugOf } from '../../../shared/slug';

/** Name and link of a new project; the link follows the name (as its slug) until someone edits the link. */
export function useNameAndLink(initialName: string) {
  const [name, setName] = useState(initialName);
  const [link, setLink] = useState('');
  const [linkEdited, setLinkEdited] = useState(false);
  return {
    name,
    setName,
    link: linkEdited ? link : slugOf(name),
    setLink: (value: string) => {
      setLinkEdited(true);
      setLink(value.toLowerCase());
    },
  };
}

export type NameAndLink = ReturnType<typeof useNameAndLink>;

/** The name and link fields of create, copy and create-from-preset; each screen brings its own labels. */
export function NameAndLinkFields({ nameLabel, linkLabel, value, linkPattern, linkHint }: {
  nameLabel: string;
  linkLabel: string;
  value: NameAndLink;
  linkPattern?: string;
  linkHint?: string;
}) {
  return (
    <>
      <TextField label={nameLabel} value={value.name} onValueChange={value.setName} required maxLength={120} autoFocus />
      <TextField label={linkLabel} value={value.link} onValueChange={value.setLink} required minLength={2} maxLength={60} pattern={linkPattern} hint={linkHint} />
    </>
  );
}
