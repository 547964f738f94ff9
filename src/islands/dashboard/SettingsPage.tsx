import { useEffect, useState, type ReactNode } from 'react';
import { api } from '../../lib/api-client.ts';
import { ownAccountSchema } from '../../lib/schemas/chapter.schema.ts';
import { $session, logoutEverywhere } from '../shared/session-store.ts';
import type { ChapterAccount, ChapterInfo, UserInfo } from '../../lib/types.ts';
import { imageSlots } from '../../lib/images/image-slots.ts';
import { responsiveImage } from '../../lib/images/responsive-image.ts';
import { ChangeOwnPassword } from './PasswordForms.tsx';
import BackupsSection from './BackupsSection.tsx';
import { PUBLIC_EMAIL_FIELD } from './public-email-field.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import ResourceForm from './ui/ResourceForm.tsx';
import type { FieldSpec } from './ui/fields.ts';
import { EmptyState, Loading, StatusPanel, buttonClass, dangerButtonClass, secondaryLinkClass } from './ui/states.tsx';
import { forgetSavedParam, readSavedParam } from './ui/after-save.ts';
import SavedNotice from './ui/SavedNotice.tsx';
import { chapterPageHref } from './ui/site-links.ts';
import { useApi } from '../shared/use-api.ts';

/**
 * Every signed-in user's own settings: a chapter's landing page (spec) or an admin's account details,
 * then the password, which anyone changes for themselves.
 */
export default function SettingsPage() {
  return (
    <DashboardShell title="Settings">
      {(user) => (
        <div className="space-y-12">
          {user.isAdmin ? (
            <Section id="account" heading="Your account">
              <OwnAccount />
            </Section>
          ) : (
            <>
              <ChapterInfoView chapterPage={chapterPageHref(user.slug)} />
              <Section id="public-email" heading="Public contact e-mail">
                <OwnAccount fields={[PUBLIC_EMAIL_FIELD]} />
              </Section>
            </>
          )}
          <Section id="password" heading="Change password">
            <p className="mb-4 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
              Changing it signs you out everywhere else; this browser stays signed in.
            </p>
            <ChangeOwnPassword />
          </Section>
          <Section id="sessions" heading="Sign out everywhere">
            <SignOutEverywhere />
          </Section>
          {user.isAdmin && (
            <Section id="backups" heading="Backups">
              <BackupsSection />
            </Section>
          )}
        </div>
      )}
    </DashboardShell>
  );
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-4 text-xl font-semibold text-slate-900 dark:text-white">
        {heading}
      </h2>
      {children}
    </section>
  );
}

const ACCOUNT_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', optional: true },
  PUBLIC_EMAIL_FIELD,
];

/**
 * One's own account: an admin's name, e-mails and phone; a chapter's public contact e-mail (the rest
 * of a chapter's account is the admins' to change). The top bar shows the new name once saved.
 */
function OwnAccount({ fields = ACCOUNT_FIELDS }: { fields?: readonly FieldSpec[] }) {
  const [account] = useApi('/auth/account', (b: { account: ChapterAccount }) => b.account);
  if (account.state === 'loading') return <Loading what="your account" />;
  if (account.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{account.message}</p>
      </StatusPanel>
    );
  return (
    <ResourceForm
      fields={fields}
      schema={ownAccountSchema}
      initial={account.data}
      submitLabel="Update Account"
      busyLabel="Updating Account..."
      successMessage="Account Updated Successfully"
      clearOnSuccess={false}
      send={async (payload) => {
        const result = await api.put<{ userInfo: UserInfo }>('/auth/account', payload);
        // The top bar's "Signed in as" shows the saved name and e-mail at once.
        if (result.ok) $session.set({ status: 'signed-in', user: result.data.userInfo });
        return result;
      }}
    />
  );
}

/** Ends every session of the account on the server (a lost phone, a shared computer), this one too. */
function SignOutEverywhere() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <div className="max-w-3xl space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Signs this account out on every browser and app it is signed in on, this one included. Sign in again afterwards
        with your password.
      </p>
      {error && (
        <StatusPanel tone="error">
          <p>{error}</p>
        </StatusPanel>
      )}
      <button
        type="button"
        className={dangerButtonClass}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(await logoutEverywhere());
          setBusy(false);
        }}
      >
        {busy ? 'Signing Out...' : 'Sign Out Everywhere'}
      </button>
    </div>
  );
}

const linkClass = 'break-all text-brand-800 underline dark:text-brand-300';

/**
 * The chapter's landing info, read-only, with the way to add or edit it and to see it on the site;
 * after the landing form saved, marked so.
 */
function ChapterInfoView({ chapterPage }: { chapterPage: string }) {
  const [info] = useApi('/chapters', (b: { chapter: ChapterInfo | null }) => b.chapter);
  const [justSaved] = useState(() => readSavedParam() === 'landing');
  useEffect(() => forgetSavedParam(), []);
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
      {justSaved && (
        <SavedNotice notice={{ title: 'Saved.', text: 'Your landing page is updated.', viewHref: chapterPage }} />
      )}
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
      <p className="flex flex-wrap items-center gap-3">
        <a href="/dashboard/edit-landing-page" className={buttonClass}>
          Edit Landing Page
        </a>
        <a href={chapterPage} className={secondaryLinkClass} aria-label="View on site: your chapter page">
          View on site
        </a>
      </p>
    </article>
  );
}
