import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(240_000);

// Backups in the console (ADR 0008): the owner deletes a sign-up, opens the list's backup
// screen from the list menu (Alt), moves the time slider to before the deletion, sees the
// sign-up as of then and in the diff, restores it, sees it back in the project, undoes the
// restore and sees it gone again.

const { activatedAccount, sessionToken, call } = consoleApi('BackE2e001');

interface Setup {
  mail: string;
  teamLink: string;
  projectId: string;
  link: string;
}

/** An owner, a team and a released project: list "Helfer", item "Grill" (3 places), Anna and Bert signed up by the owner. */
async function projectWithSignups(url: string): Promise<Setup> {
  const mail = await activatedAccount(url, 'Bea', 'Backup');
  const token = await sessionToken(url, mail);

  const teamLink = `backup-verein-${Date.now() % 100000}`;
  const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', token, { name: 'Backupverein', link: teamLink, type: 'club' });
  const link = `sommerfest-${Date.now() % 100000}`;
  const { projectId } = await call<{ projectId: string }>(url, 'POST', `team/${teamId}/project`, token, { link, name: 'Sommerfest', colour: 3 });
  const project = `team/${teamId}/project/${projectId}`;
  const { phaseId } = await call<{ phaseId: string }>(url, 'POST', `${project}/phase`, token, { name: 'Aufbau' });
  const { listId } = await call<{ listId: string }>(url, 'POST', `${project}/phase/${phaseId}/list`, token, { name: 'Helfer', settings: { allowAnonymous: true } });
  const { itemId } = await call<{ itemId: string }>(url, 'POST', `${project}/list/${listId}/item`, token, { name: 'Grill', capacity: 3 });
  await call(url, 'PUT', `${project}/status`, token, { status: 1 });
  for (const name of ['Anna', 'Bert']) await call(url, 'POST', `project/${projectId}/list/${listId}/signup`, token, { itemId, name });
  return { mail, teamLink, projectId, link };
}

describeWith('chromium', 'console: backups, restore and undo (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_backups');

  it('restores a deleted sign-up from the list as of before the deletion, and undoes the restore', async () => {
    const { url } = session;
    const page = session.page;
    const { mail, teamLink, projectId, link } = await projectWithSignups(url);
    await page.goto(`${url}/feedback`);
    await page.evaluate('localStorage.clear()');
    await logIn(page, url, mail);

    // The editor: delete Anna's sign-up.
    await page.goto(`${url}/manage/${teamLink}/project/${projectId}`);
    await page.getByRole('heading', { name: 'Sommerfest', level: 1 }).waitFor();
    const item = page.getByTestId('item').filter({ hasText: 'Grill' });
    await item.filter({ hasText: '2 / 3 belegt' }).waitFor();
    await page.getByRole('button', { name: 'Eintragung von Anna löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await item.filter({ hasText: '1 / 3 belegt' }).waitFor();

    // The list menu shows "Sicherung" only when opened with Alt.
    const menuButton = page.getByRole('button', { name: 'Aktionen für Liste Helfer' });
    await menuButton.click();
    expect(await page.getByRole('menuitem', { name: 'Sicherung' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await menuButton.click({ modifiers: ['Alt'] });
    await page.getByRole('menuitem', { name: 'Sicherung' }).click();
    await page.waitForURL(new RegExp(`/manage/${teamLink}/backup/\\d{4}-\\d{2}-\\d{2}/now/[0-9a-f-]{36}\\?project=${projectId}$`));
    await page.getByRole('heading', { name: 'Sicherungen', level: 1 }).waitFor();

    // Now: the newest point is the deletion; Anna is neither in the state nor in the diff.
    const point = page.getByTestId('backup-point');
    await point.filter({ hasText: 'Eintragung entfernt' }).waitFor();
    const state = page.getByTestId('backup-state');
    await state.getByTestId('backup-signup').filter({ hasText: 'Bert' }).waitFor();
    expect(await state.getByTestId('backup-signup').filter({ hasText: 'Anna' }).count()).toBe(0);
    const diff = page.getByTestId('backup-diff');
    await diff.getByText('Seitdem hat sich nichts geändert.').waitFor();

    // One step back on the slider: before the deletion.
    const slider = page.getByRole('slider', { name: 'Zeitpunkt' });
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await point.filter({ hasText: 'Eintragung hinzugefügt' }).waitFor();
    const anna = state.getByTestId('backup-signup').filter({ hasText: 'Anna' });
    await anna.filter({ hasText: 'seitdem entfernt' }).waitFor();
    await diff.getByTestId('diff-removed').filter({ hasText: 'Anna (Grill)' }).waitFor();
    await page.screenshot({ path: screenshotPath('backups-point'), fullPage: true });

    // Restore Anna's sign-up.
    await anna.getByRole('checkbox', { name: 'Anna auswählen' }).check();
    await state.getByRole('button', { name: 'Ausgewählte Eintragungen wiederherstellen (1)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Wiederherstellen' });
    await confirm.getByText('1 Eintragung auf den Stand vom').waitFor();
    await expectAccessible(page, 'backups-restore-dialog');
    await confirm.getByRole('button', { name: 'Wiederherstellen' }).click();
    const answer = page.getByTestId('restore-answer');
    await answer.getByText('Wiederhergestellt: 1 Änderung.').waitFor();
    await diff.getByText('Seitdem hat sich nichts geändert.').waitFor();

    // Anna is back in the project (the editor in a second tab of the same session).
    const editor = await page.context().newPage();
    await editor.goto(`${url}/manage/${teamLink}/project/${projectId}`);
    const editorItem = editor.getByTestId('item').filter({ hasText: 'Grill' });
    await editorItem.filter({ hasText: '2 / 3 belegt' }).waitFor();
    await editorItem.getByText('Anna', { exact: true }).waitFor();

    // Undo the restore: Anna is gone again.
    await answer.getByRole('button', { name: 'Wiederherstellung rückgängig machen' }).click();
    await answer.waitFor({ state: 'detached' });
    await diff.getByTestId('diff-removed').filter({ hasText: 'Anna (Grill)' }).waitFor();
    // My recent actions: the restore (it re-added the sign-up) is marked as undone.
    await page.getByTestId('undo-action').filter({ hasText: 'Eintragung hinzugefügt' }).filter({ hasText: 'Rückgängig gemacht' }).waitFor();
    await page.screenshot({ path: screenshotPath('backups-undone'), fullPage: true });
    await expectAccessible(page, 'backups-undone');
    await editor.reload();
    await editorItem.filter({ hasText: '1 / 3 belegt' }).waitFor();
    expect(await editorItem.getByText('Anna', { exact: true }).count()).toBe(0);
    await editor.close();

    // The charts: fill rate on the admin's analyze view, activity per day on the log.
    await page.goto(`${url}/${link}/info/analyze`);
    await page.getByTestId('fill-chart').getByRole('img', { name: /Auslastung der Listen/ }).waitFor();
    await page.screenshot({ path: screenshotPath('charts-fill-rate'), fullPage: true });
    await page.goto(`${url}/manage/${teamLink}/activity`);
    await page.getByTestId('activity-chart').getByRole('img', { name: /Aktivität pro Tag/ }).waitFor();
    await page.screenshot({ path: screenshotPath('charts-activity'), fullPage: true });
  });
});
