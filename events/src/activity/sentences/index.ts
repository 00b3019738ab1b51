// The activity log as sentences, for the console and the CSV export (browser-safe: no zod).
export { activitySentence, activitySentenceParts, activityChanges, activityLanguageOf, actorLabel, formatActivityValue } from './activity-sentence';
export type { ActivityChangeView, FormatOptions } from './activity-sentence';
export { ACTIVITY_LANGUAGES } from './sentence-types';
export type { ActivityLanguage, SentenceEntry, SentencePart, SentenceRef } from './sentence-types';
