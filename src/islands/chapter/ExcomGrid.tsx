import { initials } from '../../lib/format.ts';
import type { ExcomMember } from '../../lib/types.ts';

/** "Our Executive Committee": photo, name, designation, affiliation and e-mail of each member. */
export default function ExcomGrid({ excom }: { excom: ExcomMember[] }) {
  if (excom.length === 0) {
    return (
      <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
        No Executive Committee Found
      </p>
    );
  }
  return (
    <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {excom.map((member) => (
        <li
          key={member.id}
          className="flex flex-col items-center rounded-xl border border-slate-200 bg-white p-6 text-center dark:border-slate-800 dark:bg-slate-900"
        >
          {member.image ? (
            <img
              src={member.image}
              alt={`Photo of ${member.name}`}
              width={160}
              height={160}
              loading="lazy"
              decoding="async"
              className="h-32 w-32 rounded-full bg-slate-100 object-cover dark:bg-slate-800"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-32 w-32 items-center justify-center rounded-full bg-brand-100 text-3xl font-bold text-brand-800"
            >
              {initials(member.name)}
            </span>
          )}
          <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{member.name}</h3>
          <p className="text-sm font-medium text-brand-700 dark:text-brand-300">{member.designation}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{member.affiliation}</p>
          {member.email && (
            <a
              href={`mailto:${member.email}`}
              className="mt-3 break-all text-sm text-slate-700 underline hover:text-brand-700 dark:text-slate-200 dark:hover:text-brand-300"
            >
              {member.email}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
