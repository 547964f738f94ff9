/** A full-width message (error, not found, empty) with the way back to the blog list. */
export function BlogStatus({
  heading,
  text,
  headingLevel = 1,
}: {
  heading: string;
  text: string;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" role="alert">
      <Heading className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{heading}</Heading>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{text}</p>
      <BackToBlogs className="mt-8" />
    </section>
  );
}

export function BackToBlogs({ className = '' }: { className?: string }) {
  return (
    <a
      href="/blogs"
      className={`inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${className}`}
    >
      <span aria-hidden="true">←</span> Back to Blogs
    </a>
  );
}
