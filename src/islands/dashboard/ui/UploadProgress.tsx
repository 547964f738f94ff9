import { useId } from 'react';

interface Props {
  /** Sent so far, 0..1; undefined while the image is still being prepared (shrunk) in the browser. */
  fraction: number | undefined;
}

/**
 * The bar under an image field while its image is prepared and sent. A native <progress> is a progressbar
 * to assistive technology (with its value while sending, indeterminate while preparing), named by the text
 * beside it.
 */
export default function UploadProgress({ fraction }: Props) {
  const labelId = useId();
  const sending = fraction !== undefined;
  const percent = sending ? Math.round(fraction * 100) : undefined;
  return (
    <div className="mt-2 max-w-sm">
      <div className="flex justify-between text-xs text-slate-700 dark:text-slate-300">
        <span id={labelId}>{sending ? 'Uploading image' : 'Preparing image'}</span>
        {percent !== undefined && <span aria-hidden="true">{percent}%</span>}
      </div>
      <progress
        aria-labelledby={labelId}
        max={100}
        {...(percent !== undefined ? { value: percent } : {})}
        className="mt-1 h-2 w-full overflow-hidden rounded-full accent-brand-700"
      />
    </div>
  );
}
