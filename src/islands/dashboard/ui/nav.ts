/** The sidebar of each role (spec §6). */
export interface NavItem {
  href: string;
  label: string;
  /** A live count shown beside the label (the unhandled support messages). */
  count?: 'unhandledMessages';
}

export const ADMIN_NAV: readonly NavItem[] = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/dashboard/events', label: 'Events' },
  { href: '/dashboard/chapters', label: 'Chapters' },
  { href: '/dashboard/contact-list', label: 'Contact List', count: 'unhandledMessages' },
  { href: '/dashboard/humans', label: 'Humans' },
  { href: '/dashboard/members', label: 'CS Members' },
  { href: '/dashboard/add-cs-excom', label: 'Add CS Member' },
  { href: '/dashboard/audit', label: 'Audit Trail' },
  { href: '/dashboard/settings', label: 'Settings' },
];

export const CHAPTER_NAV: readonly NavItem[] = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/dashboard/events', label: 'Events' },
  { href: '/dashboard/excom', label: 'Excom' },
  { href: '/dashboard/settings', label: 'Settings' },
];

/** The sidebar entry a path belongs to: the longest matching prefix, so /dashboard/events/edit-event/x is Events. */
export function activeNavHref(items: readonly NavItem[], pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return items
    .filter((i) => path === i.href || path.startsWith(`${i.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
}
