// The route of the contact import (spec section 2, contact/import, manage_contact).
// Components use href(), never string URLs (style.md, frontend).
export const contactImportPaths = {
  import: { path: '/manage/:ccLink/contact/import', href: (ccLink: string) => `/manage/${encodeURIComponent(ccLink)}/contact/import` },
} as const;
