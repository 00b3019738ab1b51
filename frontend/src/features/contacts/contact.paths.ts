// Routes of the contact screens (spec section 2, manage_contact): the list, a new contact and
// one contact's page. Components use href(), never string URLs (style.md, frontend).
const enc = encodeURIComponent;

export const contactPaths = {
  list: { path: '/manage/:ccLink/contact', href: (ccLink: string) => `/manage/${enc(ccLink)}/contact` },
  create: { path: '/manage/:ccLink/contact/new', href: (ccLink: string) => `/manage/${enc(ccLink)}/contact/new` },
  contact: { path: '/manage/:ccLink/contact/user/:id', href: (ccLink: string, contactId: string) => `/manage/${enc(ccLink)}/contact/user/${enc(contactId)}` },
} as const;
