import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { loginSchema } from '../../lib/schemas/auth.schema.ts';
import { loadSession } from '../shared/session-store.ts';
import type { UserInfo } from '../../lib/types.ts';
import { AppToaster, toast } from '../shared/toast.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';

type Errors = Partial<Record<'email' | 'password', string>>;

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/**
 * The sign-in form: "Loading..." while working, "Login successful" then /dashboard.
 * Its button waits for the island to hydrate: pressed (or Enter pressed) before, the browser would post
 * the form to the static /login page, which cannot answer a post ("Method not allowed").
 */
export default function LoginForm() {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  // A signed-in visitor has nothing to do here.
  useEffect(() => {
    void loadSession().then((s) => {
      if (s.status === 'signed-in') window.location.replace('/dashboard');
    });
  }, []);

  // The inputs are uncontrolled, so anything typed before hydration is kept and read at submit.
  const onSubmit = async (e: { preventDefault(): void; currentTarget: HTMLFormElement }) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = loginSchema.safeParse({ email: data.get('email') ?? '', password: data.get('password') ?? '' });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'email' || key === 'password') && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      document.getElementById(found.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    // The answer's `token` is for API clients; the browser's session is the httpOnly cookie, never read here.
    const result = await api.post<{ userInfo: UserInfo; message: string }>('/auth/login', parsed.data);
    if (!result.ok) {
      setBusy(false);
      toast.error(result.message);
      return;
    }
    toast.success('Login successful');
    // Let the toast be read before leaving; the session cookies are already set.
    window.setTimeout(() => window.location.assign('/dashboard'), 600);
  };

  const field = (name: 'email' | 'password') => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `login-${name}-error` : undefined,
  });

  return (
    <>
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <div>
          <label htmlFor="login-email" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Email address
          </label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            className={inputClass}
            {...field('email')}
          />
          {errors.email && (
            <p id="login-email-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {errors.email}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="login-password" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Password
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={inputClass}
            {...field('password')}
          />
          {errors.password && (
            <p id="login-password-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {errors.password}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={busy || !hydrated}
          className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {busy ? 'Loading...' : 'Sign in'}
        </button>
      </form>
      <AppToaster />
    </>
  );
}
