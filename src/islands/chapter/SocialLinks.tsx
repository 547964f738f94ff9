import type { ChapterInfo } from '../../lib/types.ts';

const ICONS = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.2V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z',
  linkedin:
    'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm5 6h3.8v1.7h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.5c0-1.3 0-3-1.9-3s-2.2 1.5-2.2 2.9V21h-4z',
  email: 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm9 7.2L4.4 7H4v1.2l8 5.5 8-5.5V7h-.4z',
  website:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15.6 15.6 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zM16.3 14a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4z',
} as const;

/** The hero's links, each only when the chapter has it: Facebook, LinkedIn, e-mail, website. */
export default function SocialLinks({ chapter }: { chapter: ChapterInfo }) {
  const name = chapter.chapterId.name;
  const links = [
    { icon: 'facebook', href: chapter.facebookUrl, label: `${name} on Facebook`, external: true },
    { icon: 'linkedin', href: chapter.linkedinUrl, label: `${name} on LinkedIn`, external: true },
    {
      icon: 'email',
      href: chapter.chapterId.email ? `mailto:${chapter.chapterId.email}` : '',
      label: `E-mail ${name}`,
      external: false,
    },
    { icon: 'website', href: chapter.websiteUrl, label: `Website of ${name}`, external: true },
  ] as const;
  const present = links.filter((link) => link.href);
  if (present.length === 0) return null;
  return (
    <ul className="mt-8 flex flex-wrap gap-3" aria-label="Links">
      {present.map((link) => (
        <li key={link.icon}>
          <a
            href={link.href}
            aria-label={link.label}
            {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/40 hover:bg-white/20"
          >
            <svg className="h-5 w-5" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d={ICONS[link.icon]} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
