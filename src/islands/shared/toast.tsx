import { Toaster } from 'react-hot-toast';

export { toast } from 'react-hot-toast';

/**
 * The one toast configuration of the site: 4000 ms for default and error toasts, 2000 ms for
 * success, loading toasts until they are resolved. react-hot-toast shows at most 20 at once (its limit).
 * Render <AppToaster /> once per page, in the island that raises toasts.
 */
export const TOAST_DURATIONS = { default: 4000, error: 4000, success: 2000, loading: Infinity } as const;

export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATIONS.default,
        success: { duration: TOAST_DURATIONS.success },
        error: { duration: TOAST_DURATIONS.error },
        loading: { duration: TOAST_DURATIONS.loading },
        className: 'dark:!bg-slate-800 dark:!text-slate-100',
      }}
    />
  );
}
