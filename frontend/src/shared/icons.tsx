import type { LucideIcon } from 'lucide-react';
import './icons.css';

// The console's icon set (lucide, issue 14). Icons are imported by name, so the bundle keeps
// only the ones in use; they are decoration — the button or link around them carries the name.
export {
  CalendarDays, CircleAlert, CircleCheck, ClipboardList, FolderOpen, History, Inbox, Info,
} from 'lucide-react';
export {
  ArrowLeft, Bug, ChevronLeft, ChevronRight, EllipsisVertical, Flag, GripVertical, House, Menu, Moon,
  Search, Sun, ThumbsUp, Users, X,
} from 'lucide-react';
// The project invitation (issue 14): by mail, QR code, share sheet.
export { Copy, Download, Mail, MailCheck, QrCode, Share2, UserPlus } from 'lucide-react';
export type { LucideIcon };
// Device, sign-in and backup settings, the team's apps, create and maintenance (issue 14).
export {
  Activity, Archive, Bell, Cookie, FolderKanban, HardDrive, Languages, ListPlus, LogOut, MonitorSmartphone, Palette, Plus,
  RefreshCw, Settings, Smartphone, Wrench,
} from 'lucide-react';
// Onboarding and the template gallery (issue 14).
export { Building2, CalendarClock, LayoutTemplate, Trophy, UtensilsCrossed } from 'lucide-react';
// Team administration (issue 14): access lists, blocked team, retention, plans.
export { Check, Clock, Lock, ShieldCheck, Sparkles } from 'lucide-react';
// The team's data-processing agreement (issue 14): print it.
export { Printer } from 'lucide-react';

export function Icon({ of: Glyph }: { of: LucideIcon }) {
  return <Glyph className="icon" aria-hidden="true" focusable="false" />;
}
