/** The sidebar of each role: an admin's sections differ from a chapter account's. */
export interface NavItem {
  href: string;
  label: string;
  /** A live count shown beside the label (the unhandled support messages). */
  count?: 'unhandledMessages';
  /**
   * Other pages of the section, beside those under `href`: the add and edit forms whose address is not
   * below the list's (/dashboard/add-new-event belongs to Events, not to Dashboard).
   */
  pages?: readonly string[];
}

const EVENTS: NavItem = { href: '/dashboard/events', label: 'Events', pages: ['/dashboard/add-new-event'] };
const SETTINGS: NavItem = {
  href: '/dashboard/settings',
  label: 'Settings',
  pages: ['/dashboard/add-landing-page', '/dashboard/edit-landing-page'],
};

export const ADMIN_NAV: readonly NavItem[] = [
  { href: '/dashboard', label: 'Dashboard' },
  EVENTS,
  // The spec's other spelling of the add form's address (/dashboard/chapter/add-new-chapter) is a rewrite.
  { href: '/dashboard/chapters', label: 'Chapters', pages: ['/dashboard/chapter'] },
  { href: '/dashboard/contact-list', label: 'Contact List', count: 'unhandledMessages' },
  { href: '/dashboard/humans', label: 'Humans', pages: ['/dashboard/add-humans'] },
  { href: '/dashboard/members', label: 'CS Members' },
  { href: '/dashboard/add-cs-excom', label: 'Add CS Member' },
  { href: '/dashboard/audit', label: 'Audit Trail' },
  SETTINGS,
];

export const CHAPTER_NAV: readonly NavItem[] = [
  { href: '/dashboard', label: 'Dashboard' },
  EVENTS,
  { href: '/dashboard/excom', label: 'Excom' },
  SETTINGS,
];

const within = (path: string, page: string) => path === page || path.startsWith(`${page}/`);

/**
 * The sidebar entry a path belongs to: the entry whose own address, or one of its other pages, is the
 * longest prefix of the path. So /dashboard/events/edit-event/x and /dashboard/add-new-event are Events,
 * and /dashboard itself is Dashboard.
 */
export function activeNavHref(items: readonly NavItem[], pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: { href: string; length: number } | undefined;
  for (const item of items) {
    for (const page of [item.href, ...(item.pages ?? [])]) {
      if (within(path, page) && page.length > (best?.length ?? -1)) best = { href: item.href, length: page.length };
    }
  }
  return best?.href;
}
