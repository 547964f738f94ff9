import type { ReactNode } from 'react';
import { api, type ApiResult } from '../../../lib/api-client.ts';
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
  /** What else a delete takes with it, and the word to type first (see DeleteButton). */
  deleteConsequences?: (() => Promise<ApiResult<string>>) | undefined;
  typeToConfirm?: string | undefined;
  /** The item's public page ("View on site"); none for what visitors cannot see (a draft). */
  viewHref?: string | undefined;
  /** Actions before Edit (Publish on a draft event). */
  children?: ReactNode;
}

/** The row of actions under each card of a dashboard list: View on site, Edit, then Delete with its confirmation. */
export default function EditDeleteActions({
  itemLabel,
  id,
  editPage,
  apiCollection,
  successMessage,
  onDeleted,
  viewHref,
  deleteConsequences,
  typeToConfirm,
  children,
}: Props) {
  const segment = encodeURIComponent(id);
  return (
    <div className="mt-auto flex flex-wrap gap-3 pt-4">
      {viewHref && (
        <a href={viewHref} className={secondaryLinkClass} aria-label={`View on site: ${itemLabel}`}>
          View on site
        </a>
      )}
      {children}
      <a href={`${editPage}/${segment}`} className={secondaryLinkClass} aria-label={`Edit ${itemLabel}`}>
        Edit
      </a>
      <DeleteButton
        itemLabel={itemLabel}
        remove={() => api.delete(`${apiCollection}/${segment}`)}
        successMessage={successMessage}
        onDeleted={onDeleted}
        consequences={deleteConsequences}
        typeToConfirm={typeToConfirm}
      />
    </div>
  );
}
