import type { ReactNode } from 'react';
import { useIdFromPath } from '../../shared/use-address.ts';
import { isNotFound, useApi } from '../../shared/use-api.ts';
import { GoBack, Loading, StatusPanel } from './states.tsx';

interface Props<B, T> {
  /** The address segment the id follows: "edit-event" in /dashboard/events/edit-event/{id}. */
  segment: string;
  /** The API address of the item with that id. */
  apiPath: (id: string) => string;
  /** The item in the API's answer. */
  pick: (body: B) => T;
  /** What is loading, for the status text: "the event". */
  what: string;
  /** Said when there is no such item: "Event not found". */
  notFound: string;
  /** The list the form belongs to, for "Go Back" under an error. */
  backHref: string;
  /** The form, given the loaded item. */
  children: (item: T) => ReactNode;
}

/**
 * Every dashboard edit page: the id from the address, the item loaded by it, then "Loading ...", the
 * not-found or error message with Go Back, or the form.
 */
export default function LoadById<B, T>({ segment, apiPath, pick, what, notFound, backHref, children }: Props<B, T>) {
  const id = useIdFromPath(segment);
  const [item] = useApi(id && apiPath(id), pick);
  if (item.state === 'loading') return <Loading what={what} />;
  if (item.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{isNotFound(item) ? notFound : item.message}</p>
        <p className="mt-3">
          <GoBack href={backHref} />
        </p>
      </StatusPanel>
    );
  return <>{children(item.data)}</>;
}
