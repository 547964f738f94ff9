/** The island twin of components/StatusScreen.astro, for detail pages that learn they have nothing to show. */
export default function NotFoundScreen({ heading, text }: { heading: string; text: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-700 dark:text-brand-400">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{heading}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{text}</p>
      <a href="/" className="mt-8 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        Go back home
      </a>
    </section>
  );
}
