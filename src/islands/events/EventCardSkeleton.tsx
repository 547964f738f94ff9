/** A grey placeholder with the shape of an EventCard, shown while the list loads. */
export default function EventCardSkeleton() {
  return (
    <div
      className="animate-pulse overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800"
      data-testid="event-skeleton"
    >
      <div className="aspect-video bg-slate-200 dark:bg-slate-800" />
      <div className="space-y-3 p-5">
        <div className="h-4 w-1/2 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-5 w-3/4 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-4 w-1/4 rounded bg-slate-200 dark:bg-slate-800" />
      </div>
    </div>
  );
}
