// The console's route table: components use href(), never string URLs (style.md, frontend).
const enc = encodeURIComponent;

export const paths = {
  start: { path: '/', href: () => '/' },
  feedback: { path: '/feedback', href: () => '/feedback' },
  // Developer tools: shown only in development mode (spec section 2).
  dev: { path: '/dev', href: () => '/dev' },

  // Start and account (spec section 2).
  login: { path: '/login', href: () => '/login' },
  signup: { path: '/signup', href: () => '/signup' },
  singup: { path: '/singup' },
  callback: { path: '/callback/:code?', href: () => '/callback' },
  accountReset: { path: '/account/reset/:data?', href: (data?: string) => (data ? `/account/reset/${enc(data)}` : '/account/reset') },
  accountActivate: { path: '/account/activate/:data', href: (data: string) => `/account/activate/${enc(data)}` },
  accountChild: { path: '/account/child/:data', href: (data: string) => `/account/child/${enc(data)}` },
  accountPrivacy: { path: '/account/privacy', href: () => '/account/privacy' },
  accountData: { path: '/account/data', href: () => '/account/data' },
  accountInvite: { path: '/account/invite/:data', href: (data: string) => `/account/invite/${enc(data)}` },
  // The start's "task" child: my sign-ups across teams (issue 14).
  mySignups: { path: '/task', href: () => '/task' },
  invite: { path: '/invite/:inviteId?', href: (inviteId: string) => `/invite/${enc(inviteId)}` },

  // Settings.
  settings: { path: '/settings', href: () => '/settings' },
  settingsAccount: { path: '/settings/account', href: () => '/settings/account' },
  settingsSecure: { path: '/settings/account/secure', href: () => '/settings/account/secure' },
  settingsLogin: { path: '/settings/login', href: () => '/settings/login' },
  settingsPrivacy: { path: '/settings/privacy', href: () => '/settings/privacy' },
  settingsDelete: { path: '/settings/delete', href: () => '/settings/delete' },
  settingsDesign: { path: '/settings/design', href: () => '/settings/design' },
  settingsDevice: { path: '/settings/device', href: () => '/settings/device' },
  settingsAuth: { path: '/settings/auth', href: () => '/settings/auth' },
  settingsBackup: { path: '/settings/backup', href: () => '/settings/backup' },
  settingsAdminContact: { path: '/settings/admin/contact', href: () => '/settings/admin/contact' },
  // A team's administration with its data-processing agreement (owner or admin only).
  settingsAdminTeam: { path: '/settings/admin/:ccLink', href: (ccLink: string) => `/settings/admin/${enc(ccLink)}` },

  // Create (spec section 2: /create/{view?}, view item, item-setup or item-new).
  create: { path: '/create/:view?', href: (view?: 'item' | 'item-setup' | 'item-new') => (view ? `/create/${view}` : '/create') },

  // Teams.
  teamCreate: { path: '/team-erstellen', href: () => '/team-erstellen' },
  teamSetup: { path: '/team-setup/:step?', href: (teamId?: string) => (teamId ? `/team-setup?team=${enc(teamId)}` : '/team-setup') },
  team: { path: '/team/:ccLink', href: (ccLink: string) => `/team/${enc(ccLink)}` },
  teamDetails: { path: 'details', href: (ccLink: string) => `/team/${enc(ccLink)}/details` },
  teamManage: { path: 'manage', href: (ccLink: string) => `/team/${enc(ccLink)}/manage` },
  teamUser: { path: 'user', href: (ccLink: string) => `/team/${enc(ccLink)}/user` },
  teamApps: { path: 'apps', href: (ccLink: string) => `/team/${enc(ccLink)}/apps` },
  // The link to share for applying to a team (issue 14): outsiders get the apply page there.
  teamApply: { path: 'apply', href: (ccLink: string) => `/team/${enc(ccLink)}/apply` },
  legacyTeam: { path: '/p/:ccLink/*' },
  legacyGroup: { path: '/p/group/:data' },

  // Errors.
  errorLogin: { path: '/error/login', href: () => '/error/login' },
  errorAccess: { path: '/error/access', href: () => '/error/access' },
  errorTeam: { path: '/error/team', href: () => '/error/team' },
  notFound: { path: '*' },
} as const;
