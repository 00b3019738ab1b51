import type { ProjectTemplateId } from '@planwerk/events/templates';
import { CalendarClock, ClipboardList, Icon, Trophy, Users, UtensilsCrossed, type LucideIcon } from '../../shared/icons';

const ICONS: Record<ProjectTemplateId, LucideIcon> = {
  helpers: Users,
  potluck: UtensilsCrossed,
  tournament: Trophy,
  'parent-teacher': ClipboardList,
  shifts: CalendarClock,
};

/** The gallery's picture of a template (decoration: the card's heading names it). */
export function TemplateIcon({ id }: { id: ProjectTemplateId }) {
  return <span className="template-card__icon"><Icon of={ICONS[id]} /></span>;
}
