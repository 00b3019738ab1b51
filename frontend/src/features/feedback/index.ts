// Public entry of the feedback feature (ADR 0010): the feedback path other screens send through
// (the team admins' contact form in the settings).
export { feedbackMeta, useSendFeedbackVoteMutation } from './feedback.api';
