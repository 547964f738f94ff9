import type { ChapterInfo } from '../../lib/types.ts';
import { imageSlots } from '../../lib/images/image-slots.ts';
import { responsiveImage } from '../../lib/images/responsive-image.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import { EmptyState, Loading, StatusPanel, buttonClass } from './ui/states.tsx';
import { useApi } from '../shared/use-api.ts';

export default function SettingsPage() {
  return <DashboardShell title="Settings">{() => <ChapterInfoView />}</DashboardShell>;
}

const linkClass = 'break-all text-brand-800 underline dark:text-brand-300';

/** The chapter's landing info, read-only, with the way to add or edit it. */
function ChapterInfoView() {
  const [info] = useApi('/chapters', (b: { chapter: ChapterInfo | null }) => b.chapter);
  if (info.state === 'loading') return <Loading what="chapter info" />;
  if (info.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{info.message}</p>
      </StatusPanel>
    );
  const c = info.data;
  if (!c)
    return <EmptyState heading="No chapter info yet" href="/dashboard/add-landing-page" linkLabel="Add Landing Page" />;
  const links = [
    ['Website', c.websiteUrl],
    ['Facebook', c.facebookUrl],
    ['LinkedIn', c.linkedinUrl],
    ['Video', c.videoUrl],
  ] as const;
  return (
    <article className="max-w-3xl space-y-6">
      <div className="flex items-center gap-4">
        <img
          {...responsiveImage(c.logo, imageSlots.dashboardLogo)}
          alt={`Logo of ${c.chapterId.name}`}
          className="h-24 w-24 rounded-lg object-contain"
        />
        <div>
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{c.chapterId.name}</h2>
          <p className="text-slate-700 dark:text-slate-300">{c.shortDescription}</p>
        </div>
      </div>
      <section>
        <h3 className="font-semibold text-slate-900 dark:text-white">About us</h3>
        <p className="mt-1 whitespace-pre-line text-slate-700 dark:text-slate-300">{c.aboutUs}</p>
      </section>
      <dl className="grid gap-2 sm:grid-cols-[8rem_1fr]">
        {links.map(([label, href]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-900 dark:text-white">{label}</dt>
            <dd>
              <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {href}
              </a>
            </dd>
          </div>
        ))}
      </dl>
      <a href="/dashboard/edit-landing-page" className={buttonClass}>
        Edit Landing Page
      </a>
    </article>
  );
}
