/**
 * The header search dialog's behaviour, loaded by the site script the first time the dialog opens
 * (bundled to /search/site-search.js by src/integrations/site-search.ts). Queries Pagefind's index
 * of the built site, and the events API for events (they live in the database, not in the index), and
 * lists the matches as links: events first.
 */
import { PAGEFIND_MODULE } from '../lib/search/search-paths.ts';
import {
  eventResultView,
  eventSearchUrl,
  MAX_RESULTS,
  resultView,
  resultsStatus,
  type PagefindResultData,
  type ResultView,
} from '../lib/search/result-view.ts';
import type { EventItem } from '../lib/types.ts';

/** The part of Pagefind's browser API (pagefind.js) used here. */
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<PagefindSearch>;
}
interface PagefindSearch {
  results: { data(): Promise<PagefindResultData> }[];
}

const DEBOUNCE_MS = 150;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Events matching the words, as the events API finds them; none when it cannot be reached (the pages still show). */
async function searchEvents(query: string): Promise<{ views: ResultView[]; total: number }> {
  try {
    const res = await fetch(eventSearchUrl(query), { headers: { Accept: 'application/json' } });
    if (!res.ok) return { views: [], total: 0 };
    const body = (await res.json()) as { events?: EventItem[]; total?: number };
    const events = body.events ?? [];
    return { views: events.map(eventResultView), total: body.total ?? events.length };
  } catch {
    return { views: [], total: 0 };
  }
}

export function start(dialog: HTMLDialogElement): void {
  const form = dialog.querySelector<HTMLFormElement>('[data-search-form]')!;
  const input = dialog.querySelector<HTMLInputElement>('[data-search-input]')!;
  const status = dialog.querySelector<HTMLElement>('[data-search-status]')!;
  const list = dialog.querySelector<HTMLUListElement>('[data-search-results]')!;

  const pagefind = loadPagefind();
  // Each query gets a number; answers to an older query than the latest are dropped.
  let latest = 0;

  async function run(query: string) {
    const id = ++latest;
    if (!query.trim()) {
      list.replaceChildren();
      status.textContent = '';
      return;
    }
    // Typing goes on: only the words someone paused on are searched.
    await pause(DEBOUNCE_MS);
    if (id !== latest) return;
    try {
      const [search, events] = await Promise.all([(await pagefind).search(query), searchEvents(query)]);
      if (id !== latest) return;
      const room = MAX_RESULTS - events.views.length;
      const data = await Promise.all(search.results.slice(0, room).map((result) => result.data()));
      if (id !== latest) return;
      list.replaceChildren(...[...events.views, ...data.map(resultView)].map(resultItem));
      status.textContent = resultsStatus(query, events.total + search.results.length);
    } catch {
      if (id !== latest) return;
      list.replaceChildren();
      status.textContent = 'Search is unavailable just now. Please try again later.';
    }
  }

  input.addEventListener('input', () => void run(input.value));
  // Enter goes to the first result.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    list.querySelector('a')?.click();
  });
  // A result on the page already open (another card of this committee) only scrolls: close first.
  list.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) dialog.close();
  });
  dialog.addEventListener('keydown', (event) => moveThroughResults(event, input, list));
  // Words typed while this module was loading.
  if (input.value.trim()) void run(input.value);
}

async function loadPagefind(): Promise<Pagefind> {
  // A URL, not a bundled import: the index and its loader are written beside each other at build time.
  const pagefind = (await import(PAGEFIND_MODULE)) as Pagefind;
  await pagefind.options({ excerptLength: 24 });
  await pagefind.init();
  return pagefind;
}

/** Arrow keys move from the field through the result links and back; Tab works as ever. */
function moveThroughResults(event: KeyboardEvent, input: HTMLInputElement, list: HTMLUListElement) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = [input, ...list.querySelectorAll<HTMLAnchorElement>('a')];
  const at = links.indexOf(document.activeElement as HTMLInputElement);
  if (at === -1 || links.length === 1) return;
  event.preventDefault();
  const next = event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : Math.max(at - 1, 0);
  links[next]!.focus();
}

const linkClass =
  'block rounded-lg px-3 py-2 text-left hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';

function resultItem(view: ResultView): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = view.href;
  link.className = linkClass;
  link.append(line(view.title, 'block font-semibold text-slate-900 dark:text-white'));
  if (view.kind === 'event') {
    link.append(line(view.details, 'block text-sm text-brand-700 dark:text-brand-300'));
  } else if (view.kind === 'member') {
    link.append(line(view.details, 'block text-sm text-brand-700 dark:text-brand-300'));
    if (view.page)
      link.append(line(`Committee page: ${view.page}`, 'block text-xs text-slate-500 dark:text-slate-400'));
  } else {
    const excerpt = line('', 'block text-sm text-slate-600 dark:text-slate-300');
    excerpt.append(...excerptNodes(view.excerpt));
    link.append(excerpt);
  }
  item.append(link);
  return item;
}

function line(text: string, className: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}

/** Pagefind's excerpt as text with its <mark>s kept, and nothing else of any markup taken over. */
function excerptNodes(excerpt: string): Node[] {
  // A <template>'s content is inert: nothing in it loads or runs while it is read.
  const template = document.createElement('template');
  template.innerHTML = excerpt;
  return [...template.content.childNodes].map((node) => {
    if (node.nodeName !== 'MARK') return document.createTextNode(node.textContent ?? '');
    const mark = document.createElement('mark');
    mark.className = 'rounded-sm bg-brand-100 px-0.5 text-inherit dark:bg-brand-900';
    mark.textContent = node.textContent;
    return mark;
  });
}
