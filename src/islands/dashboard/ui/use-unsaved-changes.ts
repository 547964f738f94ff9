import { useEffect } from 'react';

export const LEAVE_QUESTION = 'You have unsaved changes. Leave this page and lose them?';

/** The same-tab link a click follows, if it leaves this page (not a new tab, a download or an in-page anchor). */
function leavingLink(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return undefined;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return undefined;
  const to = new URL(link.href, window.location.href);
  const here = new URL(window.location.href);
  const sameDocument = to.origin === here.origin && to.pathname === here.pathname && to.search === here.search;
  return sameDocument && to.hash !== '' ? undefined : link;
}

/**
 * Warns before a dirty form is left. Closing or reloading the tab gets the browser's own question
 * (beforeunload: browsers show only their own text). Following a link gets our question first, in
 * words, and once it is answered "leave" the browser is not asked to question the same navigation again.
 * Nothing is asked while the form is clean, which includes right after a successful save.
 */
export function useUnsavedChangesWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    let confirmedLeave = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (confirmedLeave) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the question.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!leavingLink(event)) return;
      if (window.confirm(LEAVE_QUESTION)) confirmedLeave = true;
      else event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture: sees the click before any island's own link handler, and before the browser follows it.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}
