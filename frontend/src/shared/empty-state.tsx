import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Icon } from './icons';

// What an empty screen says (issue 14): an icon, one sentence, and the next step as a link or button.
export function EmptyState({ icon, title, text, children, headingLevel = 2, compact = false }: {
  icon: LucideIcon;
  title: string;
  text?: string;
  /** The next action (a link or button); absent when the person has none. */
  children?: ReactNode;
  headingLevel?: 2 | 3;
  /** Inside a card (home): less room around it. */
  compact?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={compact ? 'empty-state empty-state--compact' : 'empty-state'} aria-label={title}>
      <span className="empty-state__icon"><Icon of={icon} /></span>
      <Heading className="empty-state__title">{title}</Heading>
      {text && <p className="empty-state__text">{text}</p>}
      {children && <div className="actions">{children}</div>}
    </section>
  );
}
