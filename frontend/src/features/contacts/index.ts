// The public entry of the contacts feature: other features import only from here (ADR 0010).
export { contactPaths } from './contact.paths';
export { SidebarContacts } from './sidebar-contacts';
