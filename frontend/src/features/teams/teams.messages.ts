import { defineMessage, defineMessages } from 'react-intl';

export const teamMessages = defineMessages({
  sidebarTeams: { id: 'teams.sidebar.teams', defaultMessage: 'Teams', description: 'Sidebar heading of the user team links' },
  sidebarList: { id: 'teams.sidebar.list', defaultMessage: 'Deine Teams', description: 'Label of the sidebar team list' },
  pick: { id: 'teams.sidebar.pick', defaultMessage: 'Team wählen', description: 'Opens the team picker' },
  create: { id: 'teams.sidebar.create', defaultMessage: 'Team erstellen', description: 'Sidebar entry to create a team' },
  pickerTitle: { id: 'teams.picker.title', defaultMessage: 'Team wählen', description: 'Title of the team picker overlay' },
  pickerEmpty: { id: 'teams.picker.empty', defaultMessage: 'Du bist noch in keinem Team. Erstelle eines oder nimm eine Einladung an.', description: 'The team picker without teams' },
  close: { id: 'teams.picker.close', defaultMessage: 'Schließen', description: 'Closes the team picker' },
  tabs: { id: 'teams.layout.tabs', defaultMessage: 'Bereiche des Teams', description: 'Label of the team navigation' },
  details: { id: 'teams.layout.details', defaultMessage: 'Übersicht', description: 'Team tab: details' },
  manage: { id: 'teams.layout.manage', defaultMessage: 'Verwalten', description: 'Team tab: manage' },
  users: { id: 'teams.layout.users', defaultMessage: 'Mitglieder', description: 'Team tab: members' },
  logo: { id: 'teams.layout.logo', defaultMessage: 'Logo des Teams', description: 'Alt text of the team logo' },
  yourLevel: { id: 'teams.details.yourLevel', defaultMessage: 'Deine Rolle', description: 'Label of the caller level' },
  type: { id: 'teams.details.type', defaultMessage: 'Art', description: 'Label of the team type' },
  plan: { id: 'teams.details.plan', defaultMessage: 'Plan', description: 'Label of the plan' },
  link: { id: 'teams.details.link', defaultMessage: 'Team-Link', description: 'Label of the team slug' },
  activeProjects: { id: 'teams.details.activeProjects', defaultMessage: 'Aktive Projekte', description: 'Label of the active project count' },
  blocked: { id: 'teams.details.blocked', defaultMessage: 'Der Plan ist abgelaufen und mehr als ein Projekt ist aktiv. Die Inhaberin oder der Inhaber muss ein Projekt wählen, das aktiv bleibt.', description: 'The team is blocked (ADR 0005)' },
  lapsed: { id: 'teams.details.lapsed', defaultMessage: 'Der bezahlte Plan ist abgelaufen.', description: 'The plan lapsed' },
  leave: { id: 'teams.details.leave', defaultMessage: 'Team verlassen', description: 'Leaves the team' },
  leaveConfirm: { id: 'teams.details.leaveConfirm', defaultMessage: 'Willst du das Team wirklich verlassen?', description: 'Confirmation before leaving' },
  left: { id: 'teams.details.left', defaultMessage: 'Du hast das Team verlassen.', description: 'Popup after leaving' },
});

export const levelMessages = defineMessages({
  owner: { id: 'teams.level.owner', defaultMessage: 'Inhaber*in', description: 'Member level owner' },
  admin: { id: 'teams.level.admin', defaultMessage: 'Admin', description: 'Member level admin' },
  space: { id: 'teams.level.space', defaultMessage: 'Bereichsverwaltung', description: 'Member level space (team-wide manage)' },
  item: { id: 'teams.level.item', defaultMessage: 'Einzelrechte', description: 'Member level item (limited to listed items)' },
  member: { id: 'teams.level.member', defaultMessage: 'Mitglied', description: 'Member level member' },
});

export const typeMessages = defineMessages({
  private_person: { id: 'teams.type.privatePerson', defaultMessage: 'Privatperson', description: 'Team type' },
  club: { id: 'teams.type.club', defaultMessage: 'Verein', description: 'Team type' },
  organisation: { id: 'teams.type.organisation', defaultMessage: 'Organisation', description: 'Team type' },
  company: { id: 'teams.type.company', defaultMessage: 'Unternehmen', description: 'Team type' },
  school: { id: 'teams.type.school', defaultMessage: 'Schule', description: 'Team type' },
  public_authority: { id: 'teams.type.publicAuthority', defaultMessage: 'Behörde', description: 'Team type' },
});

export const planMessages = defineMessages({
  free: { id: 'teams.plan.free', defaultMessage: 'Kostenlos', description: 'Plan free' },
  prime: { id: 'teams.plan.prime', defaultMessage: 'Prime', description: 'Plan prime' },
  basic: { id: 'teams.plan.basic', defaultMessage: 'Basic', description: 'Plan basic' },
  pro: { id: 'teams.plan.pro', defaultMessage: 'Pro', description: 'Plan pro' },
});

export const createMessages = defineMessages({
  title: { id: 'teams.createPage.title', defaultMessage: 'Team erstellen', description: 'Heading of /team-erstellen' },
  intro: { id: 'teams.createPage.intro', defaultMessage: 'Ein Team bündelt Projekte, Listen und Mitglieder. Du wirst Inhaber*in des Teams.', description: 'Introduction of the team creation' },
  name: { id: 'teams.createPage.name', defaultMessage: 'Name des Teams', description: 'Label of the team name' },
  link: { id: 'teams.createPage.link', defaultMessage: 'Team-Link', description: 'Label of the team slug' },
  linkHint: { id: 'teams.createPage.linkHint', defaultMessage: 'Kleinbuchstaben, Ziffern und Bindestriche, 2 bis 60 Zeichen.', description: 'Rules of the team slug' },
  type: { id: 'teams.createPage.type', defaultMessage: 'Art des Teams', description: 'Label of the team type' },
  submit: { id: 'teams.createPage.submit', defaultMessage: 'Team erstellen', description: 'Creates the team' },
  badLink: { id: 'teams.createPage.badLink', defaultMessage: 'Dieser Link ist nicht möglich: nur Kleinbuchstaben, Ziffern und Bindestriche.', description: 'Slug does not match the rules' },
  linkTaken: { id: 'teams.createPage.linkTaken', defaultMessage: 'Dieser Team-Link ist schon vergeben.', description: 'The slug is taken' },
  upgrade: { id: 'teams.createPage.upgrade', defaultMessage: 'Zu den Plänen', description: 'Button to team-setup with error 6010' },
});

export const manageMessages = defineMessages({
  settingsTitle: { id: 'teams.manage.settingsTitle', defaultMessage: 'Einstellungen des Teams', description: 'Heading of the team settings' },
  name: { id: 'teams.manage.name', defaultMessage: 'Name', description: 'Label of the team name' },
  logo: { id: 'teams.manage.logo', defaultMessage: 'Logo-Adresse (https://…)', description: 'Label of the logo URL' },
  colour: { id: 'teams.manage.colour', defaultMessage: 'Farbe', description: 'Label of the team colour' },
  theme: { id: 'teams.manage.theme', defaultMessage: 'Design', description: 'Label of the team theme' },
  none: { id: 'teams.manage.none', defaultMessage: 'Keine Vorgabe', description: 'No colour or theme chosen' },
  contactUser: { id: 'teams.manage.contactUser', defaultMessage: 'Kontakte vom Typ Person verwenden', description: 'Team setting contactUser' },
  contactGroup: { id: 'teams.manage.contactGroup', defaultMessage: 'Kontaktgruppen verwenden', description: 'Team setting contactGroup' },
  save: { id: 'teams.manage.save', defaultMessage: 'Speichern', description: 'Saves the team settings' },
  saved: { id: 'teams.manage.saved', defaultMessage: 'Die Einstellungen wurden gespeichert.', description: 'Popup after saving' },
  setup: { id: 'teams.manage.setup', defaultMessage: 'Einrichtung fortsetzen', description: 'Link to team-setup' },
  ownerOnly: { id: 'teams.manage.ownerOnly', defaultMessage: 'Nur Inhaber*in und Admins ändern die Einstellungen des Teams.', description: 'Space level sees the settings read-only' },
});

export const memberMessages = defineMessages({
  title: { id: 'teams.members.title', defaultMessage: 'Mitglieder', description: 'Heading of the members list' },
  member: { id: 'teams.members.member', defaultMessage: 'Mitglied', description: 'Column: member' },
  level: { id: 'teams.members.level', defaultMessage: 'Rolle', description: 'Column: level' },
  joined: { id: 'teams.members.joined', defaultMessage: 'Dabei seit', description: 'Column: joined' },
  actions: { id: 'teams.members.actions', defaultMessage: 'Aktionen', description: 'Column: actions' },
  disconnect: { id: 'teams.members.disconnect', defaultMessage: 'Entfernen', description: 'Removes a member from the team' },
  disconnectConfirm: { id: 'teams.members.disconnectConfirm', defaultMessage: 'Dieses Mitglied wirklich aus dem Team entfernen?', description: 'Confirmation before removing a member' },
  rules: { id: 'teams.members.rules', defaultMessage: 'Nur die Inhaberin oder der Inhaber ernennt und entfernt Admins.', description: 'The owner-only admin rule' },
});

export const memberCountMessage = defineMessage<{ count: number }>({
  id: 'teams.members.count',
  defaultMessage: '{count, plural, one {# Mitglied} other {# Mitglieder}}',
  description: 'Number of members',
});

export const memberLabelMessage = defineMessage<{ id: string }>({
  id: 'teams.members.label',
  defaultMessage: 'Mitglied {id}',
  description: 'A member without a readable name (erased or unknown), shown by the start of the user id',
});

export const selfLabelMessage = defineMessage<{ name: string }>({
  id: 'teams.members.self',
  defaultMessage: '{name} (du)',
  description: 'The signed-in user in the members list: their name, marked as themselves',
});

export const levelOfMessage = defineMessage<{ member: string }>({
  id: 'teams.members.levelOf',
  defaultMessage: 'Rolle von {member}',
  description: 'Accessible label of the level select of one member',
});

export const inviteMessages = defineMessages({
  title: { id: 'teams.invites.title', defaultMessage: 'Einladungen', description: 'Heading of the invitations' },
  channel: { id: 'teams.invites.channel', defaultMessage: 'Einladen per', description: 'Legend of mail or link' },
  byMail: { id: 'teams.invites.byMail', defaultMessage: 'E-Mail', description: 'Invite by mail' },
  byLink: { id: 'teams.invites.byLink', defaultMessage: 'Link zum Teilen', description: 'Invite by a shareable link' },
  mail: { id: 'teams.invites.mail', defaultMessage: 'E-Mail-Adresse', description: 'Label of the invited address' },
  level: { id: 'teams.invites.level', defaultMessage: 'Rolle im Team', description: 'Label of the level to grant' },
  send: { id: 'teams.invites.send', defaultMessage: 'Einladung senden', description: 'Sends the mail invitation' },
  createLink: { id: 'teams.invites.createLink', defaultMessage: 'Link erstellen', description: 'Creates a shareable invite link' },
  sent: { id: 'teams.invites.sent', defaultMessage: 'Die Einladung wurde verschickt.', description: 'After a mail invitation' },
  linkReady: { id: 'teams.invites.linkReady', defaultMessage: 'Teile diesen Link. Wer ihn öffnet und angemeldet ist, tritt dem Team bei.', description: 'After creating an invite link' },
  copy: { id: 'teams.invites.copy', defaultMessage: 'Kopieren', description: 'Copies the invite link' },
  copied: { id: 'teams.invites.copied', defaultMessage: 'In die Zwischenablage kopiert', description: 'Clipboard copy success popup' },
  copyFailed: { id: 'teams.invites.copyFailed', defaultMessage: 'Kopieren ist fehlgeschlagen', description: 'Clipboard copy failure popup' },
  open: { id: 'teams.invites.open', defaultMessage: 'Offene Einladungen', description: 'Label of the open invitations list' },
  none: { id: 'teams.invites.none', defaultMessage: 'Keine offenen Einladungen.', description: 'No open invitations' },
  expires: { id: 'teams.invites.expires', defaultMessage: 'Gültig bis', description: 'Column: expiry' },
  revoke: { id: 'teams.invites.revoke', defaultMessage: 'Zurückziehen', description: 'Revokes an invitation' },
});

export const applicationMessages = defineMessages({
  title: { id: 'teams.applications.title', defaultMessage: 'Mitgliedsanträge', description: 'Heading of the membership applications' },
  none: { id: 'teams.applications.none', defaultMessage: 'Keine offenen Anträge.', description: 'No open applications' },
  applied: { id: 'teams.applications.applied', defaultMessage: 'Beantragt am', description: 'Column: applied at' },
  accept: { id: 'teams.applications.accept', defaultMessage: 'Annehmen', description: 'Accepts an application' },
  reject: { id: 'teams.applications.reject', defaultMessage: 'Ablehnen', description: 'Rejects an application' },
});

export const joinMessages = defineMessages({
  inviteTitle: { id: 'teams.invitePage.title', defaultMessage: 'Einladung in ein Team', description: 'Heading of /invite/{inviteId}' },
  inviteIntro: { id: 'teams.invitePage.intro', defaultMessage: 'Du wurdest eingeladen, einem Team bei Planwerk beizutreten. Die Einladung gilt nur für die E-Mail-Adresse, an die sie geschickt wurde.', description: 'Explains a mail invitation' },
  noInvite: { id: 'teams.invitePage.noInvite', defaultMessage: 'Öffne den Link aus deiner Einladungsmail, um einem Team beizutreten.', description: '/invite without an id' },
  accept: { id: 'teams.invitePage.accept', defaultMessage: 'Annehmen', description: 'Accepts the invitation' },
  decline: { id: 'teams.invitePage.decline', defaultMessage: 'Ablehnen', description: 'Declines the invitation' },
  declined: { id: 'teams.invitePage.declined', defaultMessage: 'Du hast die Einladung abgelehnt.', description: 'After declining' },
  open: { id: 'teams.invitePage.open', defaultMessage: 'Zum Team', description: 'Link to the joined team' },
  invalid: { id: 'teams.invitePage.invalid', defaultMessage: 'Diese Einladung ist ungültig, abgelaufen oder gilt für eine andere E-Mail-Adresse.', description: 'The invitation cannot be used' },
  linkTitle: { id: 'teams.inviteLinkPage.title', defaultMessage: 'Einem Team beitreten', description: 'Heading of /account/invite/{data}' },
  linkIntro: { id: 'teams.inviteLinkPage.intro', defaultMessage: 'Mit diesem Link trittst du einem Team bei Planwerk bei.', description: 'Explains an invite link' },
  join: { id: 'teams.inviteLinkPage.join', defaultMessage: 'Beitreten', description: 'Joins through the link' },
});

// Spec section 8: "Du wurdest mit {name} verbunden" on connection.
export const connectedMessage = defineMessage<{ name: string }>({
  id: 'teams.connected',
  defaultMessage: 'Du wurdest mit {name} verbunden',
  description: 'Shown when the user was connected to a team',
});

export const setupMessages = defineMessages({
  title: { id: 'teams.setupPage.title', defaultMessage: 'Team einrichten', description: 'Heading of /team-setup' },
  success: { id: 'teams.setupPage.success', defaultMessage: 'Dein Team ist eingerichtet.', description: 'team-setup success' },
  error: { id: 'teams.setupPage.error', defaultMessage: 'Bei der Einrichtung ist etwas schiefgelaufen. Bitte versuche es erneut.', description: 'team-setup error' },
  noTeam: { id: 'teams.setupPage.noTeam', defaultMessage: 'Du bist noch nicht Inhaber*in oder Admin eines Teams.', description: 'No team to set up' },
  steps: { id: 'teams.setupPage.steps', defaultMessage: 'Schritte', description: 'Label of the checklist' },
  logo: { id: 'teams.setupPage.logo', defaultMessage: 'Logo hinterlegen', description: 'Setup step: logo' },
  contactUser: { id: 'teams.setupPage.contactUser', defaultMessage: 'Kontakte vom Typ Person einschalten', description: 'Setup step: contacts' },
  paidPlan: { id: 'teams.setupPage.paidPlan', defaultMessage: 'Bezahlten Plan wählen (Prime, Basic oder Pro) für mehr als ein aktives Projekt', description: 'Setup step: a paid plan' },
  done: { id: 'teams.setupPage.done', defaultMessage: 'erledigt', description: 'A step is done' },
  open: { id: 'teams.setupPage.open', defaultMessage: 'offen', description: 'A step is open' },
  toManage: { id: 'teams.setupPage.toManage', defaultMessage: 'Zu den Einstellungen des Teams', description: 'Link to the team management' },
  free: { id: 'teams.setupPage.free', defaultMessage: 'Im kostenlosen Plan ist ein aktives Projekt möglich.', description: 'The free plan limit' },
});
