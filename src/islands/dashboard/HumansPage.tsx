import type { Human } from '../../lib/types.ts';
import { imageSlots } from '../../lib/images/image-slots.ts';
import { responsiveImage } from '../../lib/images/responsive-image.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import EditDeleteActions from './ui/EditDeleteActions.tsx';
import { useApi } from '../shared/use-api.ts';
import { useListQuery } from './ui/use-list-query.ts';
import ResourceList, { SavedMark, cardClass, savedCardClass } from './ui/ResourceList.tsx';
import { HUMANS_PAGE } from './ui/site-links.ts';

export default function HumansPage() {
  return (
    <DashboardShell title="Humans" adminOnly>
      {() => <HumanList />}
    </DashboardShell>
  );
}

function HumanList() {
  const [humans, reload] = useApi('/humans', (b: { humans: Human[] }) => b.humans);
  const list = useListQuery();
  return (
    <ResourceList
      result={humans}
      what="humans"
      empty={{ heading: 'No Humans Found', href: '/dashboard/add-humans', linkLabel: 'Add Human' }}
      add={{ href: '/dashboard/add-humans', label: 'Add Human' }}
      view={{ href: HUMANS_PAGE, label: 'the Humans of gallery' }}
      saved={{
        idOf: (h) => h.id,
        notice: (h) => ({
          title: 'Saved.',
          text: `“${h.name}” is updated in the Humans of gallery.`,
          viewHref: HUMANS_PAGE,
        }),
      }}
      search={{ list, label: 'Search humans', textOf: (h) => [h.name, h.description].join(' ') }}
    >
      {(h, { saved }) => (
        <li key={h.id} className={`${cardClass} ${saved ? savedCardClass : ''}`}>
          <img
            {...responsiveImage(h.image, imageSlots.dashboardPhoto)}
            alt={`Photo of ${h.name}`}
            loading="lazy"
            className="aspect-[4/3] w-full object-cover"
          />
          <div className="flex flex-1 flex-col p-4">
            {saved && <SavedMark floating />}
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{h.name}</h2>
            <p className="mt-1 line-clamp-4 text-sm text-slate-700 dark:text-slate-300">{h.description}</p>
            <EditDeleteActions
              itemLabel={h.name}
              id={h.id}
              editPage="/dashboard/humans/edit-human"
              apiCollection="/humans"
              successMessage="Human Deleted Successfully"
              onDeleted={reload}
            />
          </div>
        </li>
      )}
    </ResourceList>
  );
}
