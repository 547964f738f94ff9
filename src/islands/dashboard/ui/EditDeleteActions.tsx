import type { ReactNode } from 'react';
import { api } from '../../../lib/api-client.ts';
import DeleteButton from './DeleteButton.tsx';
import { secondaryLinkClass } from './states.tsx';

interface Props {
  /** The item's name, for the buttons' accessible names: "Edit Tech Talk", "Delete Tech Talk". */
  itemLabel: string;
  /** The item's id (a chapter's slug), the last segment of both addresses below. */
  id: string;
  /** The dashboard page that edits an item of this kind: "/dashboard/events/edit-event". */
  editPage: string;
  /** The API collection the item is deleted from after confirmation: "/events". */
  apiCollection: string;
  successMessage: string;
  onDeleted: () => void;
  /** Actions before Edit (Publish on a draft event). */
  children?: ReactNode;
}

/** The row of actions under each card of a dashboard list: Edit, then Delete with its confirmation. */
export default function EditDeleteActions({
  itemLabel,
  id,
  editPage,
  apiCollection,
  successMessage,
  onDeleted,
  children,
}: Props) {
  const segment = encodeURIComponent(id);
  return (
    <div className="mt-auto flex flex-wrap gap-3 pt-4">
      {children}
      <a href={`${editPage}/${segment}`} className={secondaryLinkClass} aria-label={`Edit ${itemLabel}`}>
        Edit
      </a>
      <DeleteButton
        itemLabel={itemLabel}
        remove={() => api.delete(`${apiCollection}/${segment}`)}
        successMessage={successMessage}
        onDeleted={onDeleted}
      />
    </div>
  );
}
