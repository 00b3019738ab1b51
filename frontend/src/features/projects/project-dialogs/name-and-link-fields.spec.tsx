import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderConsole } from '../../../shared/testing/render';
import { NameAndLinkFields, useNameAndLink } from './name-and-link-fields';

function Fields({ initialName = '', linkPattern, linkHint }: { initialName?: string; linkPattern?: string; linkHint?: string }) {
  const value = useNameAndLink(initialName);
  return (
    <form aria-label="Projekt">
      <NameAndLinkFields nameLabel="Name des Projekts" linkLabel="Projekt-Link" value={value} linkPattern={linkPattern} linkHint={linkHint} />
    </form>
  );
}

describe('NameAndLinkFields', () => {
  it('asks for a required name of at most 120 characters, focused first, and a link of 2 to 60 characters', () => {
    renderConsole(<Fields linkPattern="[a-z0-9-]+" linkHint="Kleinbuchstaben, Ziffern und Bindestriche." />);
    const name = screen.getByLabelText('Name des Projekts');
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('maxLength', '120');
    expect(name).toHaveFocus();
    const link = screen.getByLabelText('Projekt-Link');
    expect(link).toBeRequired();
    expect(link).toHaveAttribute('minLength', '2');
    expect(link).toHaveAttribute('maxLength', '60');
    expect(link).toHaveAttribute('pattern', '[a-z0-9-]+');
    expect(link).toHaveAccessibleDescription('Kleinbuchstaben, Ziffern und Bindestriche.');
  });

  it('starts from the given name and its link', () => {
    renderConsole(<Fields initialName="Kopie von Sommerfest" />);
    expect(screen.getByLabelText('Name des Projekts')).toHaveValue('Kopie von Sommerfest');
    expect(screen.getByLabelText('Projekt-Link')).toHaveValue('kopie-von-sommerfest');
  });

  it('proposes the link from the name until the link is edited, and keeps a typed link in lower case', async () => {
    const { user } = renderConsole(<Fields />);
    await user.type(screen.getByLabelText('Name des Projekts'), 'Grüße zum Fest');
    expect(screen.getByLabelText('Projekt-Link')).toHaveValue('gruesse-zum-fest');
    await user.clear(screen.getByLabelText('Projekt-Link'));
    await user.type(screen.getByLabelText('Projekt-Link'), 'Fest-2027');
    expect(screen.getByLabelText('Projekt-Link')).toHaveValue('fest-2027');
    await user.type(screen.getByLabelText('Name des Projekts'), '!');
    expect(screen.getByLabelText('Projekt-Link')).toHaveValue('fest-2027');
  });

  it('marks a link against the pattern as invalid', async () => {
    const { user } = renderConsole(<Fields linkPattern="[a-z0-9-]+" />);
    await user.type(screen.getByLabelText('Projekt-Link'), 'fest_2027');
    expect(screen.getByLabelText('Projekt-Link')).toBeInvalid();
    await user.clear(screen.getByLabelText('Projekt-Link'));
    await user.type(screen.getByLabelText('Projekt-Link'), 'fest-2027');
    expect(screen.getByLabelText('Projekt-Link')).toBeValid();
  });
});
