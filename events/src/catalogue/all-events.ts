import { feedbackEvents } from '../feedback/feedback.events';
import { EventCatalogue } from './event-catalogue';

// Every feature adds its catalogue here; projectors refuse event types not listed.
export function createEventCatalogue(): EventCatalogue {
  return new EventCatalogue([...feedbackEvents]);
}
