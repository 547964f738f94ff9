import type { ExcomMember } from '../../lib/types.ts';
import { imageSlots } from '../../lib/images/image-slots.ts';
import { responsiveImage } from '../../lib/images/responsive-image.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import EditDeleteActions from './ui/EditDeleteActions.tsx';
import { useApi } from '../shared/use-api.ts';
import { useListQuery } from './ui/use-list-query.ts';
import ResourceList, { SavedMark, savedCardClass } from './ui/ResourceList.tsx';
import { chapterPageHref } from './ui/site-links.ts';

export default function ExcomPage() {
  return (
    <DashboardShell title="Excom">{(user) => <ExcomList chapterPage={chapterPageHref(user.slug)} />}</DashboardShell>
  );
}

/** The chapter's executive committee; its public page is the chapter's ("Our Executive Committee"). */
function ExcomList({ chapterPage }: { chapterPage: string }) {
  const [members, reload] = useApi('/excom', (b: { excoms: ExcomMember[] }) => b.excoms);
  const list = useListQuery();
  return (
    <ResourceList
      result={members}
      what="excom members"
      empty={{ heading: 'No Excom Members Found', href: '/dashboard/excom/add-new-excom', linkLabel: 'Add New Excom' }}
      add={{ href: '/dashboard/excom/add-new-excom', label: 'Add New Excom' }}
      view={{ href: chapterPage, label: 'your chapter page' }}
      saved={{
        idOf: (m) => m.id,
        notice: (m) => ({
          title: 'Saved.',
          text: `“${m.name}” is updated on your chapter page.`,
          viewHref: chapterPage,
        }),
      }}
      search={{
        list,
        label: 'Search members',
        textOf: (m) => [m.name, m.designation, m.affiliation, m.email].join(' '),
      }}
    >
      {(m, { saved }) => (
        <li
          key={m.id}
          className={`flex flex-col items-center rounded-lg border border-slate-200 bg-white p-5 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900 ${saved ? savedCardClass : ''}`}
        >
          {saved && <SavedMark floating />}
          <img
            {...responsiveImage(m.image, imageSlots.dashboardAvatar)}
            alt={`Photo of ${m.name}`}
            loading="lazy"
            className="h-28 w-28 rounded-full object-cover"
          />
          <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{m.name}</h2>
          <p className="text-sm font-medium text-brand-800 dark:text-brand-300">{m.designation}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{m.affiliation}</p>
          <p className="text-sm break-all text-slate-700 dark:text-slate-300">{m.email}</p>
          <EditDeleteActions
            itemLabel={m.name}
            id={m.id}
            editPage="/dashboard/excom/edit-excom"
            apiCollection="/excom"
            successMessage="Member Deleted Successfully"
            onDeleted={reload}
          />
        </li>
      )}
    </ResourceList>
  );
}
