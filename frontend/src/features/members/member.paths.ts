// Routes of the member screens (spec section 2, manage_member): the list, a member's page and
// the membership's form. The member id is the contact id. Components use href(), never string URLs.
const enc = encodeURIComponent;

export const memberPaths = {
  list: { path: '/manage/:ccLink/member', href: (ccLink: string) => `/manage/${enc(ccLink)}/member` },
  member: { path: '/manage/:ccLink/member/:memberId', href: (ccLink: string, memberId: string) => `/manage/${enc(ccLink)}/member/${enc(memberId)}` },
  settings: {
    path: '/manage/:ccLink/member/:memberId/settings',
    href: (ccLink: string, memberId: string) => `/manage/${enc(ccLink)}/member/${enc(memberId)}/settings`,
  },
} as const;
