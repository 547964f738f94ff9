import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import type { z } from 'astro/zod';
import type { ApiResult } from '../../../lib/api-client.ts';
import { imageFileProblem } from '../../../lib/image-upload.ts';
import { uploadImage } from './upload.ts';
import { toast } from '../../shared/toast.tsx';
import FormField from './FormField.tsx';
import UploadProgress from './UploadProgress.tsx';
import { formValues, splitEmails, type FieldSpec, type FormValues } from './fields.ts';
import { useUnsavedChangesWarning } from './use-unsaved-changes.ts';
import { leaveWithToast, type Notice, type Saved } from './after-save.ts';
import SavedNotice from './SavedNotice.tsx';

/** Stands in for an image that is chosen but not uploaded yet, so the schema can check the rest first. */
const PENDING_UPLOAD = '/pending-upload';

/**
 * A nested part of the payload drawn by its own component (the event's `registration`, its
 * `certificates`): its errors are keyed by the API's full path ("registration.capacity"), its controls'
 * ids by fieldIdOf's rule. Methods, not function properties, so sections of different value types sit
 * in one list (FormSection<RegistrationValue> is a FormSection<unknown>).
 */
export interface FormSection<V> {
  name: string;
  initial: V;
  toPayload(value: V): unknown;
  render(value: V, onChange: (value: V) => void, errors: Partial<Record<string, string>>): ReactNode;
}

type SectionValues = Partial<Record<string, unknown>>;

/** A field another part of the form decides: its value set (and the control disabled), or its hint changed. */
export interface FieldAdjustment {
  value?: string;
  hint?: string;
}
const initialSections = (sections: readonly FormSection<unknown>[]): SectionValues =>
  Object.fromEntries(sections.map((s) => [s.name, s.initial]));

/** "registration.capacity" -> "field-registration-capacity": where the form puts focus for an error. */
const controlId = (path: string) => `field-${path.replace(/\./g, '-')}`;

interface Props {
  fields: readonly FieldSpec[];
  /** Drawn after the fields in this order, each sent as payload[section.name]. */
  sections?: readonly FormSection<unknown>[];
  /** The API's payload schema (src/lib/schemas): the form shows its messages before sending. */
  schema: z.ZodType;
  /** Where the fields' first values come from: the entity being edited, or defaults for a new one. */
  initial?: object;
  submitLabel: string;
  busyLabel: string;
  successMessage: string;
  /** Add forms start over after a success; edit forms keep what was saved. */
  clearOnSuccess: boolean;
  /** Fields an add form keeps when it starts over (the committee and year of the next member). */
  keepAfterAdd?: readonly string[];
  /** Said above the button as the values change (a warning before saving); announced politely. */
  aside?: (values: FormValues) => ReactNode;
  /** Blank optional fields are left out of the payload (e.g. a password that stays unchanged). */
  omitBlankOptional?: boolean;
  send: (payload: Record<string, unknown>) => Promise<ApiResult<unknown>>;
  onSaved?: (payload: Record<string, unknown>) => void;
  /**
   * After a save (besides the spec's toast): `notice`, the confirmation the form shows above itself until
   * the next action (an add form, cleared, also offers "Add another"); or `returnTo`, the address the
   * form goes to at once (an edit's list, with the item marked), where the toast is shown. Without
   * either the confirmation is the success message.
   */
  after?: { notice: (saved: Saved) => Notice } | { returnTo: (saved: Saved) => string };
  /** The chapter-info update raises no error toast; its failure is shown beside the button instead. */
  errorToast?: boolean;
  /** Fields the sections' values decide (e.g. the event's registration method when it registers here). */
  adjust?: (sections: SectionValues) => Partial<Record<string, FieldAdjustment>>;
  /** Each control's errors are shown as it is left, and kept up to date while it is changed. */
  checkOnBlur?: boolean;
  footer?: ReactNode;
}

type Errors = Partial<Record<string, string>>;

/**
 * The one add/edit form of the dashboard: validate with the shared schema, upload chosen images, send,
 * then the spec's toasts. Values stay on failure; an add form clears on success. Leaving it with
 * unsaved changes asks first.
 */
export default function ResourceForm(props: Props) {
  const { fields, schema, submitLabel, busyLabel, successMessage, clearOnSuccess, send, onSaved, footer } = props;
  const [values, setValues] = useState<FormValues>(() => formValues(fields, props.initial));
  const sections = props.sections ?? [];
  const [sectionValue, setSectionValue] = useState<SectionValues>(() => initialSections(sections));
  const [savedSection, setSavedSection] = useState<SectionValues>(sectionValue);
  // What the server has (or, for an add form, the blank form): the values differ from it while unsaved.
  const [saved, setSaved] = useState<FormValues>(values);
  const [files, setFiles] = useState<Partial<Record<string, File>>>({});
  const [errors, setErrors] = useState<Errors>({});
  /** The ids of the controls left once (checkOnBlur): their errors follow their values. */
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  /** A mouse button or finger is down (checkOnBlur): a control left then waits for its release. */
  const pointerDown = useRef(false);
  /** How many times the form was sent: a field left by pressing the submit button shows the submit's errors. */
  const submits = useRef(0);
  useEffect(() => {
    if (!props.checkOnBlur) return;
    const down = () => (pointerDown.current = true);
    const up = () => (pointerDown.current = false);
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
    return () => {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
    };
  }, [props.checkOnBlur]);
  const adjusted = props.adjust?.(sectionValue) ?? {};
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  // The image field being uploaded, and how much of it is sent (undefined while it is being shrunk).
  const [uploading, setUploading] = useState<{ field: string; fraction: number | undefined }>();
  // Remounts the file inputs when the form is cleared (a file input's value cannot be set).
  const [generation, setGeneration] = useState(0);
  const [notice, setNotice] = useState<Notice>();
  const noticeRef = useRef<HTMLDivElement>(null);
  // Set once a save is done and the form is clean: the effect below leaves after the guard is gone.
  const [leaving, setLeaving] = useState<string>();
  const dirty =
    Object.values(files).some(Boolean) ||
    fields.some((f) => (values[f.name] ?? '') !== (saved[f.name] ?? '')) ||
    JSON.stringify(sectionValue) !== JSON.stringify(savedSection);
  useUnsavedChangesWarning(dirty);
  // Effects clean up before any new one runs, so the unsaved-changes guard is off when this one leaves.
  useEffect(() => {
    if (leaving) leaveWithToast(leaving, successMessage);
  }, [leaving, successMessage]);
  // A new confirmation is brought into view (the form may be long, its button at the bottom) and focused.
  useEffect(() => {
    if (!notice) return;
    noticeRef.current?.scrollIntoView({ block: 'start' });
    noticeRef.current?.focus({ preventScroll: true });
  }, [notice]);

  const payloadOf = (): Record<string, unknown> => {
    const payload: Record<string, unknown> = {};
    for (const f of fields) {
      const value = adjusted[f.name]?.value ?? values[f.name] ?? '';
      if (f.type === 'image') payload[f.name] = files[f.name] ? PENDING_UPLOAD : value;
      else if (f.type === 'emails') payload[f.name] = splitEmails(value);
      else if (f.optional && props.omitBlankOptional && value.trim() === '') continue;
      else payload[f.name] = value;
    }
    for (const section of sections) {
      if (section.name in sectionValue) payload[section.name] = section.toPayload(sectionValue[section.name]);
    }
    return payload;
  };

  const check = (payload: Record<string, unknown>): Errors => {
    const found: Errors = {};
    for (const f of fields) {
      const file = files[f.name];
      const problem = file && imageFileProblem(file);
      if (problem) found[f.name] = problem;
      else if (!f.optional && f.type !== 'emails' && String(payload[f.name] ?? '').trim() === '')
        found[f.name] = `${f.label} is required`;
    }
    const result = schema.safeParse(payload);
    if (!result.success) {
      for (const issue of result.error.issues) {
        found[errorKey(issue.path.map(String).join('.'))] ??= issue.message;
      }
    }
    return found;
  };

  // A field's errors are keyed by its name; a section's by their full path.
  const inSection = (path: string) => sections.some((s) => path === s.name || path.startsWith(`${s.name}.`));
  const errorKey = (path: string) => (inSection(path) ? path : (path.split('.')[0] ?? ''));
  const focusFirstError = (found: Errors) => {
    const first = fields.find((f) => found[f.name]);
    if (first) document.getElementById(`field-${first.name}`)?.focus();
    else {
      const path = Object.keys(found).find((key) => found[key] && inSection(key) && key.includes('.'));
      if (path) document.getElementById(controlId(path))?.focus();
    }
  };

  /**
   * What the form shows: the errors of the last submit (the schema's, then the server's), except for the
   * controls left since (checkOnBlur), whose errors are the schema's for what they hold now.
   */
  const shown: Errors = { ...errors };
  if (props.checkOnBlur && touched.size > 0) {
    const live = check(payloadOf());
    for (const key of new Set([...Object.keys(errors), ...Object.keys(live)])) {
      if (touched.has(controlId(key))) shown[key] = live[key];
    }
  }
  const leave = (e: { target: EventTarget }) => {
    const id = (e.target as HTMLElement).id;
    // A file chooser opening takes the focus from the whole page: the field is not left yet.
    if (!props.checkOnBlur || !id || !document.hasFocus() || touched.has(id)) return;
    const sent = submits.current;
    const show = () => {
      if (submits.current === sent) setTouched((all) => new Set(all).add(id));
    };
    // Left by pressing something else: the error appears once that click is done, so the text it adds
    // does not move the button from under the pointer before the click lands.
    if (pointerDown.current) window.addEventListener('pointerup', () => window.setTimeout(show), { once: true });
    else show();
  };

  const fail = (message: string) => (props.errorToast === false ? setFailure(message) : toast.error(message));

  const onSubmit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const payload = payloadOf();
    const found = check(payload);
    setErrors(found);
    // From here the submit's (and then the server's) errors are shown, until a control is left again.
    submits.current += 1;
    setTouched(new Set());
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setBusy(true);
    setFailure(undefined);
    setNotice(undefined);
    try {
      for (const f of fields) {
        const file = files[f.name];
        if (f.type !== 'image' || !file) continue;
        setUploading({ field: f.name, fraction: undefined });
        const uploaded = await uploadImage(file, (fraction) => setUploading({ field: f.name, fraction }));
        setUploading(undefined);
        if (!uploaded.ok) {
          setErrors({ [f.name]: uploaded.message });
          fail(uploaded.message);
          return;
        }
        payload[f.name] = uploaded.url;
      }
      const result = await send(payload);
      if (!result.ok) {
        const found: Errors = {};
        for (const er of result.errors) found[errorKey(er.path)] ??= er.message;
        setErrors(found);
        focusFirstError(found);
        fail(result.message);
        return;
      }
      const saved: Saved = { payload, data: result.data };
      const after = props.after;
      if (after && 'returnTo' in after) {
        // The page goes at once (once clean): the list it returns to shows the toast and marks the item.
        setSaved(values);
        setSavedSection(sectionValue);
        setFiles({});
        setLeaving(after.returnTo(saved));
        return;
      }
      toast.success(successMessage);
      setNotice(after ? after.notice(saved) : { title: successMessage });
      if (clearOnSuccess) {
        const kept = Object.fromEntries((props.keepAfterAdd ?? []).map((name) => [name, values[name] ?? '']));
        const blank = { ...formValues(fields, props.initial), ...kept };
        setValues(blank);
        setSaved(blank);
        setSectionValue(initialSections(sections));
        setSavedSection(initialSections(sections));
        setGeneration((g) => g + 1);
      } else {
        // What was saved is now the current value (e.g. the uploaded image's URL); `values` is what was sent.
        const uploaded = Object.fromEntries(
          fields.filter((f) => f.type === 'image').map((f) => [f.name, String(payload[f.name] ?? '')]),
        );
        setValues((v) => ({ ...v, ...uploaded }));
        setSaved({ ...values, ...uploaded });
        setSavedSection(sectionValue);
      }
      setFiles({});
      // After the form is clean again: a caller that moves on to another page must not be asked to stay.
      onSaved?.(payload);
    } finally {
      setUploading(undefined);
      setBusy(false);
    }
  };

  const addAnother = () => {
    setNotice(undefined);
    const first = fields[0];
    const input = first && document.getElementById(`field-${first.name}`);
    input?.scrollIntoView({ block: 'center' });
    input?.focus({ preventScroll: true });
  };
  const working = busy || leaving !== undefined;

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onBlur={leave}
      className="max-w-3xl space-y-5"
      aria-busy={working}
    >
      {notice && (
        <SavedNotice ref={noticeRef} notice={notice} onAddAnother={notice.addAnother ? addAnother : undefined} />
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((f) => (
          <div
            key={f.type === 'image' ? `${f.name}-${generation}` : f.name}
            className={f.type === 'textarea' || f.type === 'image' ? 'sm:col-span-2' : ''}
          >
            <FormField
              field={{ ...f, ...(adjusted[f.name]?.hint !== undefined ? { hint: adjusted[f.name]!.hint! } : {}) }}
              value={adjusted[f.name]?.value ?? values[f.name] ?? ''}
              disabled={adjusted[f.name]?.value !== undefined}
              error={shown[f.name]}
              file={files[f.name]}
              fileRequired={!f.optional && !values[f.name]}
              onChange={(value) => {
                setNotice(undefined);
                setValues((v) => ({ ...v, [f.name]: value }));
              }}
              onFile={(file) => {
                setNotice(undefined);
                setFiles((all) => ({ ...all, [f.name]: file }));
              }}
            />
            {uploading?.field === f.name && <UploadProgress fraction={uploading.fraction} />}
          </div>
        ))}
      </div>
      {sections.map((section) => (
        <Fragment key={section.name}>
          {section.render(
            sectionValue[section.name],
            (value) => {
              setNotice(undefined);
              setSectionValue((all) => ({ ...all, [section.name]: value }));
            },
            Object.fromEntries(
              Object.entries(shown).filter(([key]) => key === section.name || key.startsWith(`${section.name}.`)),
            ),
          )}
        </Fragment>
      ))}
      {props.aside && <div aria-live="polite">{props.aside(values)}</div>}
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          disabled={working}
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {working ? busyLabel : submitLabel}
        </button>
        {footer}
      </div>
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
    </form>
  );
}
