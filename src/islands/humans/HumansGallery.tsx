import { useState } from 'react';
import { imageSlots } from '../../lib/images/image-slots.ts';
import { listImageLoading } from '../../lib/images/list-image-loading.ts';
import { responsiveImage } from '../../lib/images/responsive-image.ts';
import type { Human } from '../../lib/types.ts';
import HumanModal from './HumanModal.tsx';
import ErrorBox from '../shared/ErrorBox.tsx';
import { useApi } from '../shared/use-api.ts';

const grid = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** The gallery's API address; the page preloads it (ApiPreload). */
export const HUMANS_API_PATH = '/humans';

/** "Humans of IEEE CS BDC": image cards; a card opens its story in a modal. */
export default function HumansGallery() {
  const [humans] = useApi(HUMANS_API_PATH, (body: { humans: Human[] }) => body.humans);
  const [open, setOpen] = useState<Human | null>(null);

  if (humans.state === 'loading') {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          Loading stories…
        </p>
        <div className={grid}>
          {Array.from({ length: 3 }, (_, i) => (
            <div
              key={i}
              data-testid="human-skeleton"
              className="aspect-[4/5] animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800"
            />
          ))}
        </div>
      </div>
    );
  }
  if (humans.state === 'error') {
    return <ErrorBox title="Stories could not be loaded" message={humans.message} />;
  }
  if (humans.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
        No stories yet. Check back soon.
      </p>
    );
  }
  return (
    <>
      <ul className={`fade-in ${grid}`}>
        {humans.data.map((human, i) => (
          <li key={human.id}>
            <button
              type="button"
              onClick={() => setOpen(human)}
              aria-haspopup="dialog"
              className="group relative block w-full overflow-hidden rounded-xl bg-slate-200 text-left shadow-sm dark:bg-slate-800"
            >
              <img
                {...responsiveImage(human.image, imageSlots.humanCard)}
                alt=""
                {...listImageLoading(i === 0)}
                decoding="async"
                className="aspect-[4/5] w-full object-cover transition duration-300 group-hover:scale-105"
              />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/90 to-transparent p-4 pt-12 text-lg font-semibold text-white">
                {human.name}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open && <HumanModal human={open} onClose={() => setOpen(null)} />}
    </>
  );
}
