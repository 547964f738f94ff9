import { initials } from '../../lib/format.ts';

/** The author's picture, or their initials when there is none. */
export function AuthorAvatar({ name, picture, size }: { name: string; picture: string | null; size: number }) {
  if (picture)
    return (
      <img
        src={picture}
        alt={name}
        width={size}
        height={size}
        loading="lazy"
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  return (
    <span
      role="img"
      aria-label={name}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
      style={{ width: size, height: size, fontSize: Math.round(size / 2.6) }}
    >
      {initials(name)}
    </span>
  );
}
