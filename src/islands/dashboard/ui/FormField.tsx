import { useEffect, useState } from 'react';
import { IMAGE_ACCEPT, imageFileProblem } from '../../../lib/image-upload.ts';
import { imageSlots } from '../../../lib/images/image-slots.ts';
import { responsiveImage } from '../../../lib/images/responsive-image.ts';
import type { FieldSpec } from './fields.ts';

interface Props {
  field: FieldSpec;
  value: string;
  error: string | undefined;
  /** The image file chosen for an image field. */
  file?: File | undefined;
  /** An image field needs a file (no current image to keep). */
  fileRequired?: boolean;
  onChange: (value: string) => void;
  onFile?: (file: File | undefined) => void;
  /** Set by another part of the form: shown, not changeable (the hint says why). */
  disabled?: boolean;
}

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400';

/** One labelled control with its hint and error message, wired up with aria-invalid and aria-describedby. */
export default function FormField({
  field,
  value,
  error,
  file,
  fileRequired = false,
  onChange,
  onFile,
  disabled,
}: Props) {
  const id = `field-${field.name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [field.hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: `${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 dark:disabled:bg-slate-800`,
    disabled,
  } as const;
  const required = !field.optional;

  let control;
  if (field.type === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={field.rows ?? 4}
        required={required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else if (field.type === 'select') {
    control = (
      <select {...common} required={required} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Select {field.label.toLowerCase()}</option>
        {(field.options ?? []).map((o) => (
          <option key={o} value={o}>
            {field.optionLabels?.[o] ?? o}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'image') {
    control = (
      <ImageControl
        common={common}
        required={fileRequired}
        current={value}
        file={file}
        onFile={onFile}
        label={field.label}
      />
    );
  } else {
    const type = field.type === 'emails' ? 'text' : field.type;
    control = (
      <input
        {...common}
        type={type}
        required={required}
        value={value}
        autoComplete={field.autoComplete}
        {...(field.type === 'emails' ? { inputMode: 'email' as const } : {})}
        {...(field.min !== undefined ? { min: field.min } : {})}
        {...(field.max !== undefined ? { max: field.max } : {})}
        {...(field.step !== undefined ? { step: field.step } : {})}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {field.label}
        {field.optional && <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>}
      </label>
      {control}
      {field.hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

interface ImageControlProps {
  common: {
    id: string;
    name: string;
    className: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    disabled: boolean | undefined;
  };
  required: boolean;
  current: string;
  file: File | undefined;
  label: string;
  onFile: ((file: File | undefined) => void) | undefined;
}

/** A file input restricted to images, with a preview of the current image and of the chosen one. */
function ImageControl({ common, required, current, file, label, onFile }: ImageControlProps) {
  const [chosenUrl, setChosenUrl] = useState<string>();
  // A chosen file's preview is freed when another is chosen or the field goes away.
  useEffect(() => (chosenUrl ? () => URL.revokeObjectURL(chosenUrl) : undefined), [chosenUrl]);
  const choose = (chosen: File | undefined) => {
    // Only a file that can be an image is previewed (the error message explains the others).
    setChosenUrl(chosen && !imageFileProblem(chosen) ? URL.createObjectURL(chosen) : undefined);
    onFile?.(chosen);
  };
  // Once the form has sent the file (or was cleared) the field shows the current image again.
  const preview = file ? chosenUrl : undefined;
  const shown = preview ?? current;
  return (
    <>
      <input
        {...common}
        type="file"
        accept={IMAGE_ACCEPT}
        required={required}
        className={`${common.className} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-800`}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      {shown && (
        <figure className="mt-2">
          <img
            {...responsiveImage(shown, imageSlots.formPreview)}
            alt={preview ? `Chosen ${label.toLowerCase()}` : `Current ${label.toLowerCase()}`}
            className="h-32 w-auto rounded-md border border-slate-200 object-cover dark:border-slate-700"
          />
          <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {preview ? 'Chosen image' : 'Current image (kept unless you choose a new one)'}
          </figcaption>
        </figure>
      )}
    </>
  );
}
