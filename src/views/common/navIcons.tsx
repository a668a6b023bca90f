import { BookOpen, BriefcaseBusiness, GraduationCap, ListTodo, MonitorCheck, SlidersHorizontal, UserPlus, Wallet, type LucideIcon } from 'lucide-react';
import type { NavIcon } from '../../app/nav';

export const NAV_ICONS: Record<NavIcon, LucideIcon> = {
  leads: UserPlus,
  students: GraduationCap,
  edu: BookOpen,
  monitoring: MonitorCheck,
  cashiers: Wallet,
  tasks: ListTodo,
  employees: BriefcaseBusiness,
  control: SlidersHorizontal,
};
