// The route of the contact groups page (spec section 2, contact/group, manage_contact).
// Components use href(), never string URLs (style.md, frontend).
export const contactGroupPaths = {
  groups: { path: '/manage/:ccLink/contact/group', href: (ccLink: string) => `/manage/${encodeURIComponent(ccLink)}/contact/group` },
} as const;
