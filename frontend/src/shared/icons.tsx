import type { LucideIcon } from 'lucide-react';
import './icons.css';

// The console's icon set (lucide, issue 14). Icons are imported by name, so the bundle keeps
// only the ones in use; they are decoration — the button or link around them carries the name.
export {
  ArrowLeft, Bug, ChevronLeft, ChevronRight, EllipsisVertical, Flag, GripVertical, House, Menu, Moon,
  Search, Sun, ThumbsUp, Users, X,
} from 'lucide-react';

export function Icon({ of: Glyph }: { of: LucideIcon }) {
  return <Glyph className="icon" aria-hidden="true" focusable="false" />;
}
