import type { ReactNode } from 'react';
import { api } from '../../../lib/api-client.ts';
import DeleteButton from './DeleteButton.tsx';
import { secondaryLinkClass } from './states.tsx';

interface Props {
  /** The item's name, for the buttons' accessible names: "Edit Tech Talk", "Delete Tech Talk". */
  itemLabel: string;
  /** The dashboard page that edits the item. */
  editHref: string;
  /** The item's API path, deleted after confirmation. */
  apiPath: string;
  successMessage: string;
  onDeleted: () => void;
  /** Actions before Edit (Publish on a draft event). */
  children?: ReactNode;
}

/** The row of actions under each card of a dashboard list: Edit, then Delete with its confirmation. */
export default function EditDeleteActions({
  itemLabel,
  editHref,
  apiPath,
  successMessage,
  onDeleted,
  children,
}: Props) {
  return (
    <div className="mt-auto flex flex-wrap gap-3 pt-4">
      {children}
      <a href={editHref} className={secondaryLinkClass} aria-label={`Edit ${itemLabel}`}>
        Edit
      </a>
      <DeleteButton
        itemLabel={itemLabel}
        remove={() => api.delete(apiPath)}
        successMessage={successMessage}
        onDeleted={onDeleted}
      />
    </div>
  );
}
