import type { ChapterAccount } from '../../lib/types.ts';
import { chapterDeleteConsequences } from './chapter-contents.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import EditDeleteActions from './ui/EditDeleteActions.tsx';
import { useApi } from '../shared/use-api.ts';
import { useListQuery } from './ui/use-list-query.ts';
import ResourceList, { SavedMark, savedCardClass } from './ui/ResourceList.tsx';
import { chapterPageHref } from './ui/site-links.ts';

export default function ChaptersPage() {
  return (
    <DashboardShell title="Chapters" adminOnly>
      {(user) => <ChapterList ownEmail={user.email} />}
    </DashboardShell>
  );
}

function ChapterList({ ownEmail }: { ownEmail: string }) {
  const [all, reload] = useApi('/users', (b: { chapters: ChapterAccount[] }) => b.chapters);
  const list = useListQuery();
  // The admin's own account is not a chapter to manage here (and cannot be deleted while signed in).
  const chapters =
    all.state === 'loaded' ? { ...all, data: all.data.filter((c) => !c.isAdmin && c.email !== ownEmail) } : all;
  return (
    <ResourceList
      result={chapters}
      what="chapters"
      empty={{ heading: 'No Chapters Found', href: '/dashboard/chapter/add-new-chapter', linkLabel: 'Add New Chapter' }}
      add={{ href: '/dashboard/chapters/add-new-chapter', label: 'Add New Chapter' }}
      search={{ list, label: 'Search chapters', textOf: (c) => [c.name, c.email, c.phone, c.slug].join(' ') }}
      saved={{
        idOf: (c) => c.slug,
        notice: (c) => ({ title: 'Saved.', text: `“${c.name}” is updated.`, viewHref: chapterPageHref(c.slug) }),
      }}
    >
      {(c, { saved }) => (
        <li
          key={c.id}
          className={`flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900 ${saved ? savedCardClass : ''}`}
        >
          {saved && <SavedMark />}
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{c.name}</h2>
          <dl className="mt-2 grid grid-cols-[4rem_1fr] gap-1 text-sm text-slate-700 dark:text-slate-300">
            <dt className="font-medium">Email</dt>
            <dd className="break-all">{c.email}</dd>
            <dt className="font-medium">Phone</dt>
            <dd>{c.phone}</dd>
            <dt className="font-medium">Slug</dt>
            <dd className="break-all">{c.slug}</dd>
          </dl>
          <EditDeleteActions
            itemLabel={c.name}
            id={c.slug}
            editPage="/dashboard/chapters/edit-chapter"
            apiCollection="/users"
            successMessage="Chapter Deleted Successfully"
            onDeleted={reload}
            viewHref={chapterPageHref(c.slug)}
            // The account's events, excom and page go with it: say so, and have its slug typed.
            deleteConsequences={() => chapterDeleteConsequences(c.slug)}
            typeToConfirm={c.slug}
          />
        </li>
      )}
    </ResourceList>
  );
}
