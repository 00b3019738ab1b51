// The public entry of the members feature: other features import only from here (ADR 0010).
export { memberPaths } from './member.paths';
export { memberMessages } from './members.messages';
export { SidebarMembers } from './sidebar-members';
export { isMemberHistoryKind, memberHistorySentences, useFeeCategoryNames, type MemberHistoryEntry } from './member-history';
