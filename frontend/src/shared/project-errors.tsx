import type { ReactNode } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '../app/api';
import { isApiError, useApiErrorText } from '../app/api-error';
import { untyped } from './untyped-messages';

// The project and sign-up codes of spec section 8 (2001–2004, 6201, 6205, 6206, list full,
// project password, "Dieser Link kann nicht geöffnet werden") in the user's language.
const codeMessages = untyped(defineMessages({
  e2001: { id: 'projects.error.2001', defaultMessage: 'Diese Liste liegt in der Vergangenheit. Eine nachträgliche Eintragung ist nicht möglich.', description: 'Error 2001' },
  e2002: { id: 'projects.error.2002', defaultMessage: 'Die Eintragung ist zeitlich begrenzt und derzeit nicht möglich.', description: 'Error 2002' },
  e2003: { id: 'projects.error.2003', defaultMessage: 'Dieser Eintrag ist bereits vergeben. Bitte lade die Seite neu.', description: 'Error 2003' },
  e2004: { id: 'projects.error.2004', defaultMessage: 'Bitte wähle eine Person aus oder gib einen Namen ein.', description: 'Error 2004' },
  e6200: { id: 'projects.error.6200', defaultMessage: 'Dafür brauchst du den Prime-Plan.', description: 'Error 6200' },
  e6201: { id: 'projects.error.6201', defaultMessage: 'Du hast die Grenze an Projekten erreicht. Im kostenlosen Plan ist ein aktives Projekt möglich: ändere den Status eines Projekts oder mache ein Upgrade.', description: 'Error 6201' },
  e6205: { id: 'projects.error.6205', defaultMessage: 'Die Grenze an Einträgen ist erreicht. Mit einem Upgrade kannst du mehr anlegen.', description: 'Error 6205' },
  e6206: { id: 'projects.error.6206', defaultMessage: 'Die Grenze an Einträgen ist erreicht. Mit einem Upgrade auf Pro kannst du mehr anlegen.', description: 'Error 6206' },
  limit: { id: 'projects.error.limit', defaultMessage: 'Du hast eine Grenze deines Plans erreicht.', description: 'Errors 601 and 6202–6299' },
  listFull: { id: 'projects.error.listFull', defaultMessage: 'Die Liste ist voll.', description: 'list_full' },
  tokenInvalid: { id: 'projects.error.tokenInvalid', defaultMessage: 'Dieser Eintrag kann nur mit dem Code geändert werden, den du beim Eintragen erhalten hast.', description: 'signup_token_invalid' },
  nameTooLong: { id: 'projects.error.nameTooLong', defaultMessage: 'Der Name ist zu lang.', description: 'signup_name_too_long' },
  requiredMissing: { id: 'projects.error.requiredMissing', defaultMessage: 'Es sind nicht alle Pflichtfelder ausgefüllt.', description: 'signup_required_missing' },
  fieldUnsupported: { id: 'projects.error.fieldUnsupported', defaultMessage: 'Dieses Feld wird nicht unterstützt. Bitte aktualisiere die App.', description: 'signup_field_unsupported' },
  maxPerPerson: { id: 'projects.error.maxPerPerson', defaultMessage: 'Du hast dich bereits so oft in diese Liste eingetragen, wie es möglich ist.', description: 'signup_max_per_person' },
  alreadySignedUp: { id: 'projects.error.alreadySignedUp', defaultMessage: 'Du bist bereits für diesen Eintrag eingetragen.', description: 'signup_already_signed_up' },
  adminOnBehalf: { id: 'projects.error.adminOnBehalf', defaultMessage: 'Admins können sich nicht als normale Nutzer in Listen eintragen. Wähle eine Person aus oder gib einen Namen ein.', description: 'signup_admin_on_behalf' },
  loginRequired: { id: 'projects.error.loginRequired', defaultMessage: 'Bitte melde dich an, um dich in diese Liste einzutragen.', description: 'signup_login_required' },
  projectClosed: { id: 'projects.error.projectClosed', defaultMessage: 'In diesem Projekt sind derzeit keine Eintragungen möglich.', description: 'signup_project_closed' },
  projectLocked: { id: 'projects.error.projectLocked', defaultMessage: 'Das Projekt ist gesperrt. Eintragungen sind nicht möglich.', description: 'signup_project_locked' },
  attendanceAutomatic: { id: 'projects.error.attendanceAutomatic', defaultMessage: 'Die Anwesenheit in dieser Liste wird automatisch bestätigt.', description: 'attendance_automatic' },
  passwordRequired: { id: 'projects.error.passwordRequired', defaultMessage: 'Du hast kein Passwort eingegeben.', description: 'project_password_required' },
  passwordWrong: { id: 'projects.error.passwordWrong', defaultMessage: 'Das Projekt-Passwort ist falsch.', description: 'project_password_wrong' },
  passwordBlocked: { id: 'projects.error.passwordBlocked', defaultMessage: 'Zu viele falsche Passwörter für dieses Projekt. Bitte warte 15 Minuten und versuche es dann erneut.', description: 'project_password_blocked' },
  commentsProjectClosed: { id: 'projects.error.commentProjectClosed', defaultMessage: 'Dieses Projekt ist gesperrt oder gelöscht. Kommentare sind nicht möglich.', description: 'comment_project_closed' },
  commentsClosed: { id: 'projects.error.commentsClosed', defaultMessage: 'Kommentare sind in diesem Projekt ausgeschaltet.', description: 'comments_closed' },
  linkTaken: { id: 'projects.error.linkTaken', defaultMessage: 'Dieser Projekt-Link ist bereits vergeben.', description: 'project_link_taken' },
  locked: { id: 'projects.error.locked', defaultMessage: 'Dieses Projekt ist gesperrt und kann nicht bearbeitet werden.', description: 'project_locked' },
  inTrash: { id: 'projects.error.inTrash', defaultMessage: 'Dieses Projekt ist im Papierkorb. Stelle es zuerst wieder her.', description: 'project_in_trash' },
  transition: { id: 'projects.error.transition', defaultMessage: 'Dieser Statuswechsel ist nicht möglich.', description: 'project_status_transition' },
  cannotDelete: { id: 'projects.error.cannotDelete', defaultMessage: 'Das Projekt kann nicht gelöscht werden. Verschiebe es zuerst in den Papierkorb.', description: 'project_cannot_delete' },
  linkInvalid: { id: 'projects.error.linkInvalid', defaultMessage: 'Dieser Link kann nicht geöffnet werden', description: 'project_link_invalid (spec section 8)' },
  changeStatus: { id: 'projects.error.changeStatus', defaultMessage: 'Status ändern', description: 'Button of error 6201: to the projects to change a status' },
  upgrade: { id: 'projects.error.upgrade', defaultMessage: 'Upgrade', description: 'Button of error 6205' },
  upgradePro: { id: 'projects.error.upgradePro', defaultMessage: 'Upgrade Pro', description: 'Button of error 6206' },
}));

const byCode: Record<string, MessageDescriptor> = {
  2001: codeMessages.e2001, 2002: codeMessages.e2002, 2003: codeMessages.e2003, 2004: codeMessages.e2004,
  6200: codeMessages.e6200, 6201: codeMessages.e6201, 6205: codeMessages.e6205, 6206: codeMessages.e6206,
  list_full: codeMessages.listFull, signup_token_invalid: codeMessages.tokenInvalid, signup_name_too_long: codeMessages.nameTooLong,
  signup_required_missing: codeMessages.requiredMissing, signup_field_unsupported: codeMessages.fieldUnsupported,
  signup_max_per_person: codeMessages.maxPerPerson, signup_already_signed_up: codeMessages.alreadySignedUp,
  signup_admin_on_behalf: codeMessages.adminOnBehalf, signup_login_required: codeMessages.loginRequired,
  signup_project_closed: codeMessages.projectClosed, signup_project_locked: codeMessages.projectLocked,
  attendance_automatic: codeMessages.attendanceAutomatic, project_password_required: codeMessages.passwordRequired,
  project_password_wrong: codeMessages.passwordWrong, project_password_blocked: codeMessages.passwordBlocked,
  comment_project_closed: codeMessages.commentsProjectClosed, comments_closed: codeMessages.commentsClosed,
  project_link_taken: codeMessages.linkTaken, project_locked: codeMessages.locked, project_in_trash: codeMessages.inTrash,
  project_status_transition: codeMessages.transition, project_cannot_delete: codeMessages.cannotDelete,
  project_link_invalid: codeMessages.linkInvalid,
};

export const linkInvalidMessage = codeMessages.linkInvalid;

function messageOf(code: number | string | null): MessageDescriptor | null {
  if (code === null) return null;
  const known = byCode[String(code)];
  if (known) return known;
  const numeric = Number(code);
  return numeric === 601 || (numeric >= 6202 && numeric <= 6299) ? codeMessages.limit : null;
}

export function useProjectErrorText(error: ApiError | SerializedError | undefined): string | null {
  const intl = useIntl();
  const fallback = useApiErrorText(error);
  const own = isApiError(error) ? messageOf(error.intern) : null;
  return own ? intl.formatMessage(own) : fallback;
}

/**
 * An error of a project or sign-up call with the spec's text; 6201 offers its button to the
 * projects (change a status), 6205/6206 their upgrade buttons (spec section 8).
 */
export function ProjectErrorAlert({ error, changeStatusHref, upgradeHref, children }: {
  error: ApiError | SerializedError | undefined;
  changeStatusHref?: string;
  upgradeHref?: string;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const text = useProjectErrorText(error);
  if (!text) return null;
  const code = isApiError(error) ? String(error.intern) : '';
  return (
    <div className="alert alert--danger" role="alert">
      <p className="alert__text">{text}</p>
      {code === '6201' && changeStatusHref && (
        <Link className="button" to={changeStatusHref}>{intl.formatMessage(codeMessages.changeStatus)}</Link>
      )}
      {(code === '6205' || code === '6206') && upgradeHref && (
        <Link className="button" to={upgradeHref}>{intl.formatMessage(code === '6205' ? codeMessages.upgrade : codeMessages.upgradePro)}</Link>
      )}
      {children}
    </div>
  );
}
