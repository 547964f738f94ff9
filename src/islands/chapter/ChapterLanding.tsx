import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ChapterInfo, EventItem, ExcomMember } from '../../lib/types.ts';
import NotFoundScreen from '../events/NotFoundScreen.tsx';
import { setPageMeta, summarize } from '../events/page-meta.ts';
import ExcomGrid from './ExcomGrid.tsx';
import SocialLinks from './SocialLinks.tsx';
import VideoFacade from './VideoFacade.tsx';
import { youtubeVideoId } from './youtube.ts';
import Paragraphs from '../shared/Paragraphs.tsx';
import { useIdFromPath } from '../shared/use-address.ts';
import { useApi } from '../shared/use-api.ts';

// Swiper is the heaviest part of the page and sits below the fold: it loads when its section nears the viewport.
const EventsSlider = lazy(() => import('./EventsSlider.tsx'));

interface Landing {
  chapter: ChapterInfo;
  events: EventItem[];
  excom: ExcomMember[];
}

/** Spec §9: the stats band is fixed. */
const STATS = [
  { value: '43+', label: 'Members' },
  { value: '24+', label: 'Events' },
  { value: '6+', label: 'Workshops' },
] as const;

function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

function Skeleton() {
  return (
    <div aria-busy="true" data-testid="chapter-skeleton" className="animate-pulse">
      <p className="sr-only" role="status">
        Loading chapter…
      </p>
      <div className="h-80 bg-slate-200 dark:bg-slate-800" />
      <div className="mx-auto max-w-7xl space-y-4 px-4 py-16 sm:px-6 lg:px-8">
        <div className="h-8 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-4 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-4 w-5/6 rounded bg-slate-200 dark:bg-slate-800" />
      </div>
    </div>
  );
}

function SectionHeading({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
      {children}
    </h2>
  );
}

function EventsSection({ events, now }: { events: EventItem[]; now: Date }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  return (
    <section ref={ref} aria-labelledby="done-heading" className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <SectionHeading id="done-heading">What we have done</SectionHeading>
      <div className="mt-8">
        {events.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
            No Event Found
          </p>
        ) : near ? (
          <Suspense fallback={<div className="aspect-video animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />}>
            <EventsSlider events={events} now={now} />
          </Suspense>
        ) : (
          <div className="aspect-video rounded-xl bg-slate-200 dark:bg-slate-800" />
        )}
      </div>
    </section>
  );
}

/** /chapter/{slug}: a chapter's landing page. Unknown chapters, and answers for another slug, are not found. */
export default function ChapterLanding({ siteName }: { siteName: string }) {
  const slug = useIdFromPath('chapter');
  const [loaded] = useApi(slug && `/chapters/${encodeURIComponent(slug)}`, (body: Landing) => body);
  // One moment for the whole page, so the slider's cards agree on what is upcoming.
  const [now] = useState(() => new Date());
  const landing = loaded.state === 'loaded' && loaded.data.chapter.slug === slug ? loaded.data : undefined;
  const notFound = loaded.state === 'error' || (loaded.state === 'loaded' && !landing);

  // The document's title and description live outside the island.
  useEffect(() => {
    if (notFound) setPageMeta('Page not found', "Sorry, we couldn't find the page you're looking for.", siteName);
    else if (landing) {
      const { chapter } = landing;
      setPageMeta(
        chapter.chapterId.name,
        summarize(
          chapter.shortDescription || chapter.aboutUs || `${chapter.chapterId.name}: events and executive committee.`,
        ),
        siteName,
      );
    }
  }, [landing, notFound, siteName]);

  if (notFound) {
    return <NotFoundScreen heading="Page not found" text="Sorry, we couldn't find the page you're looking for." />;
  }
  if (!landing) return <Skeleton />;

  const { chapter, events, excom } = landing;
  const name = chapter.chapterId.name;
  return (
    <div className="fade-in">
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-slate-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-20 sm:px-6 md:grid-cols-3 lg:px-8">
          <div className="md:col-span-2">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{name}</h1>
            {chapter.shortDescription && (
              <p className="mt-6 max-w-2xl text-lg text-slate-200">{chapter.shortDescription}</p>
            )}
            <SocialLinks chapter={chapter} />
          </div>
          {chapter.logo && (
            <img
              src={chapter.logo}
              alt={`Logo of ${name}`}
              width={240}
              height={240}
              decoding="async"
              className="mx-auto h-48 w-48 rounded-2xl bg-white object-contain p-4 md:h-60 md:w-60"
            />
          )}
        </div>
      </section>

      <section
        aria-labelledby="about-heading"
        className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8"
      >
        <VideoFacade videoId={youtubeVideoId(chapter.videoUrl)} title={`About ${name}`} />
        <div>
          <SectionHeading id="about-heading">About Us</SectionHeading>
          <Paragraphs text={chapter.aboutUs} className="mt-4 leading-relaxed text-slate-700 dark:text-slate-300" />
        </div>
      </section>

      <section aria-label="Chapter in numbers" className="bg-brand-800 text-white">
        <dl className="mx-auto grid max-w-5xl grid-cols-3 gap-6 px-4 py-12 text-center sm:px-6 lg:px-8">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-sm font-medium uppercase tracking-wide text-brand-100">{stat.label}</dt>
              <dd className="text-4xl font-extrabold">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <EventsSection events={events} now={now} />

      <section aria-labelledby="excom-heading" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <SectionHeading id="excom-heading">Our Executive Committee</SectionHeading>
        <ExcomGrid excom={excom} />
      </section>
    </div>
  );
}
