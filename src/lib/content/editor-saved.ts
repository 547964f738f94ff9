/**
 * What the content editor tells a volunteer once a save is done (src/admin/editor.ts): where it went, and
 * what shows it on the site. On this computer the working copy changed, which `npm run dev` shows at once
 * but `npm start` only after a restart (it serves the build it made when it started); on the deployed
 * site the save is a commit, which Netlify builds.
 */
export interface SavedWhere {
  /** The file saved, as the editor names it (empty for a new post, whose name is not yet known). */
  path: string;
  /** The editor was opened from this computer, so it saves to the working copy (npm run editor). */
  onThisComputer: boolean;
  /** The site serving the editor reads content/ as it changes (npm run dev). */
  shownAtOnce: boolean;
}

export function savedMessage({ path, onThisComputer, shownAtOnce }: SavedWhere): string {
  if (!onThisComputer) return 'Saved. The site rebuilds on its own and shows the change in a few minutes.';
  const saved = `Saved${path ? ` to ${path}` : ''} on this computer.`;
  if (shownAtOnce) return `${saved} The site shows it now: open or reload its page (View Live opens it).`;
  return (
    `${saved} The site you opened the editor from (npm start) shows the pages as they were when it started. ` +
    'To see this change, stop it with Ctrl+C in its terminal and run npm start again: it rebuilds the site ' +
    'first, which takes a minute or two. While editing, run npm run dev instead: it shows each save at once.'
  );
}
