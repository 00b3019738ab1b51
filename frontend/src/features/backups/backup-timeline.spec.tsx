import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Popup } from '../../app/popup';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { BackupTimeline } from './backup-timeline';
import type { BackupMarker, RestorePoint } from './backups.api';
import { useBackupMark } from './use-backup-mark';

const teamId = '0b9a4c1e-2222-4aaa-8bbb-000000000001';
const projectId = '0b9a4c1e-2222-4aaa-8bbb-000000000002';
const me = '0b9a4c1e-2222-4aaa-8bbb-000000000003';
const backupPath = `/v5/team/${teamId}/project/${projectId}/backup`;

const point = (n: number, at: string, actor: RestorePoint['actor'], types: string[]): RestorePoint => ({
  position: `p${n}`, at, commandId: `c${n}`, actor, types, listIds: [],
});
// Oldest first, as the screen hands them over: the slider runs from the oldest to now.
const points = [
  point(1, '2027-05-01T08:00:00.000Z', { kind: 'user', id: me }, ['ItemAdded']),
  point(2, '2027-05-02T09:00:00.000Z', { kind: 'user', id: '0b9a4c1e-2222-4aaa-8bbb-000000000004' }, ['ListEdited', 'ItemAdded']),
  point(3, '2027-05-03T10:00:00.000Z', { kind: 'anonymous', id: '' }, ['SomethingNew']),
];
const marker: BackupMarker = { backupId: '0b9a4c1e-2222-4aaa-8bbb-000000000005', name: 'Vor dem Fest', at: points[0]!.at, position: 'p1', by: me };
const time = (at: string) => new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(at));

// The screen's part: the chosen point is state, marking goes through the real call.
function Timeline({ markers = new Map(), loadOlder }: { markers?: Map<string, BackupMarker>; loadOlder?: () => void }) {
  const [selected, setSelected] = useState(points[points.length - 1]!);
  const mark = useBackupMark(teamId, projectId, selected);
  const index = points.findIndex((candidate) => candidate.position === selected.position);
  return (
    <BackupTimeline
      userId={me} unique={points} markers={markers} index={index} selected={selected}
      go={(next) => next && setSelected(next)} loadOlder={loadOlder} mark={mark}
    />
  );
}

describe('BackupTimeline', () => {
  it('starts at the newest point, saying who changed what', () => {
    renderConsole(<Timeline />);
    expect(screen.getByRole('heading', { name: `Stand vom ${time(points[2]!.at)}` })).toBeVisible();
    expect(screen.getByTestId('backup-point')).toHaveTextContent('Änderung von einer Person ohne Konto: Änderung Das ist der aktuelle Stand.');
    const slider = screen.getByRole('slider', { name: 'Zeitpunkt' });
    expect(slider).toHaveValue('2');
    expect(slider).toHaveAttribute('aria-valuetext', `${time(points[2]!.at)}: Änderung`);
    expect(screen.getByText('3 Wiederherstellungspunkte, Pfeiltasten wechseln den Punkt.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Früher' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Später' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Jetzt' })).toBeDisabled();
  });

  it('steps back and forth and jumps to now', async () => {
    const { user } = renderConsole(<Timeline />);
    await user.click(screen.getByRole('button', { name: 'Früher' }));
    expect(screen.getByTestId('backup-point')).toHaveTextContent('Änderung von jemand anderem: Liste bearbeitet, Eintrag angelegt');
    expect(screen.getByTestId('backup-point')).not.toHaveTextContent('Das ist der aktuelle Stand.');
    await user.click(screen.getByRole('button', { name: 'Früher' }));
    expect(screen.getByTestId('backup-point')).toHaveTextContent('Änderung von dir: Eintrag angelegt');
    expect(screen.getByRole('button', { name: 'Früher' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Später' }));
    expect(screen.getByRole('slider', { name: 'Zeitpunkt' })).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: 'Jetzt' }));
    expect(screen.getByRole('slider', { name: 'Zeitpunkt' })).toHaveValue('2');
  });

  it('chooses a point with the slider', () => {
    renderConsole(<Timeline />);
    fireEvent.change(screen.getByRole('slider', { name: 'Zeitpunkt' }), { target: { value: '0' } });
    expect(screen.getByRole('heading', { name: `Stand vom ${time(points[0]!.at)}` })).toBeVisible();
  });

  it('jumps to a named backup', async () => {
    const { user } = renderConsole(<Timeline markers={new Map([[marker.backupId, marker]])} />);
    const markers = screen.getByRole('list', { name: 'Benannte Sicherungen' });
    await user.click(within(markers).getByRole('button', { name: `Zur Sicherung „Vor dem Fest“ vom ${time(marker.at)}` }));
    expect(screen.getByRole('slider', { name: 'Zeitpunkt' })).toHaveValue('0');
  });

  it('loads older points only when there are more', async () => {
    const loadOlder = jest.fn();
    const { user, rerender } = renderConsole(<Timeline />);
    expect(screen.queryByRole('button', { name: 'Ältere Punkte laden' })).not.toBeInTheDocument();
    rerender(<Timeline loadOlder={loadOlder} />);
    await user.click(screen.getByRole('button', { name: 'Ältere Punkte laden' }));
    expect(loadOlder).toHaveBeenCalledTimes(1);
  });

  it('names the chosen point once a name is typed, disabled while it is sent', async () => {
    const release = hold('POST', backupPath, { backupId: marker.backupId, position: 'p2', at: points[1]!.at, checkpoint: 'c9' });
    const { user } = renderConsole(<><Timeline /><Popup /></>);
    const name = screen.getByLabelText('Name der Sicherung');
    expect(name).toHaveAttribute('maxLength', '120');
    expect(screen.getByRole('button', { name: 'Sicherung benennen' })).toBeDisabled();
    await user.type(name, '   ');
    expect(screen.getByRole('button', { name: 'Sicherung benennen' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Früher' }));
    await user.type(name, ' Vor dem Fest ');
    await user.click(screen.getByRole('button', { name: 'Sicherung benennen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sicherung benennen' })).toBeDisabled());
    release();
    expect(await screen.findByText('Die Sicherung ist gesetzt.')).toBeVisible();
    expect(name).toHaveValue('');
    expect(fetchCalls('POST', backupPath)[0]?.body).toEqual({ name: 'Vor dem Fest', position: 'p2' });
  });

  it('shows why a name was refused and keeps it', async () => {
    answerError('POST', backupPath, { status: 403, intern: 'no_permission', text: 'forbidden' });
    const { user } = renderConsole(<Timeline />);
    await user.type(screen.getByLabelText('Name der Sicherung'), 'Vor dem Fest{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Du hast keine Berechtigung für diesen Bereich.');
    expect(screen.getByLabelText('Name der Sicherung')).toHaveValue('Vor dem Fest');
  });
});
