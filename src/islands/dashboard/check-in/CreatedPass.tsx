import { useState } from 'react';
import type { DoorPassCreated } from '../../../lib/types.ts';
import { formatDhakaDateTime } from '../../../lib/dhaka-time.ts';
import { buttonClass, secondaryLinkClass } from '../ui/states.tsx';
import { FIELD_CLASS } from './field-class.ts';

/**
 * A pass just created: its QR code and link, shown this once (only a hash of its secret is kept), with
 * a copy button. The volunteer scans the code or opens the link on their phone.
 */
export default function CreatedPass({ pass, onDone }: { pass: DoorPassCreated; onDone: () => void }) {
  const [copied, setCopied] = useState<string>();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pass.url);
      setCopied('Link copied');
    } catch {
      setCopied('Could not copy: select the link and copy it');
    }
  };

  return (
    <div
      className="space-y-3 rounded-lg border-2 border-brand-700 p-4 dark:border-brand-300"
      data-testid="created-pass"
      aria-labelledby="created-pass-heading"
      role="region"
    >
      <h4 id="created-pass-heading" className="font-semibold text-slate-900 dark:text-white">
        Door pass for {pass.name}, valid until {formatDhakaDateTime(pass.validUntil)}
      </h4>
      <p className="rounded-md bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950 dark:bg-slate-900 dark:text-amber-100">
        Shown only once: scan the code with the volunteer’s phone or send them the link now. It cannot be shown again
        (create a new pass if it is lost).
      </p>
      <div
        className="w-56 max-w-full rounded-md bg-white p-2 [&_svg]:h-auto [&_svg]:w-full"
        // The server's SVG of the link, labelled for screen readers.
        dangerouslySetInnerHTML={{ __html: pass.qrSvg }}
      />
      <label htmlFor="created-pass-link" className="block text-sm font-medium text-slate-900 dark:text-white">
        Link
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="created-pass-link"
          readOnly
          value={pass.url}
          onFocus={(e) => e.currentTarget.select()}
          className={`${FIELD_CLASS} min-w-0 flex-1 font-mono text-sm`}
        />
        <button type="button" className={buttonClass} onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {copied ?? ''}
      </p>
      <button type="button" className={secondaryLinkClass} onClick={onDone}>
        Done
      </button>
    </div>
  );
}
