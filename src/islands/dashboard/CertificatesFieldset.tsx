import { MAX_SIGNATORY_LENGTH } from '../../lib/text-limits.ts';
import type { FormSection } from './ui/ResourceForm.tsx';
import { ErrorText, described, fieldIdOf, hintClass, inputClass, labelClass } from './ui/section-controls.tsx';

/** What the fieldset edits: the event's `certificates` settings, the names as typed. */
export interface CertificatesValue {
  auto: boolean;
  signatoryName: string;
  signatoryTitle: string;
}

interface CertificateSettingsLike {
  auto?: boolean;
  signatoryName?: string | null;
  signatoryTitle?: string | null;
}

/** An event's settings as form values; an event saved before certificates existed has none: issued automatically, unsigned. */
export function certificatesValue(event: object | undefined): CertificatesValue {
  const settings = (event as { certificates?: CertificateSettingsLike } | undefined)?.certificates ?? {};
  return {
    auto: settings.auto ?? true,
    signatoryName: settings.signatoryName ?? '',
    signatoryTitle: settings.signatoryTitle ?? '',
  };
}

/** The payload's `certificates` (contract): a blank name or title is no signatory (null). */
export function certificatesPayload(value: CertificatesValue) {
  return {
    auto: value.auto,
    signatoryName: value.signatoryName.trim() || null,
    signatoryTitle: value.signatoryTitle.trim() || null,
  };
}

const SIGNATORY_FIELDS = [
  { name: 'signatoryName', label: 'Signatory name', hint: 'Printed under the signature line, e.g. the chapter chair' },
  { name: 'signatoryTitle', label: 'Signatory title', hint: 'e.g. Chair, IEEE Computer Society Bangladesh Chapter' },
] as const;

/** Certificates of attendance for those who checked in, and who signs them. */
export function CertificatesFieldset({
  value,
  onChange,
  errors,
}: {
  value: CertificatesValue;
  onChange: (value: CertificatesValue) => void;
  errors: Partial<Record<string, string>>;
}) {
  const set = (part: Partial<CertificatesValue>) => onChange({ ...value, ...part });
  return (
    <fieldset className="rounded-lg border border-slate-300 p-4 sm:p-5 dark:border-slate-700">
      <legend className="px-1 text-base font-semibold text-slate-900 dark:text-white">Certificates</legend>
      <div className="flex items-start gap-2">
        <input
          id={fieldIdOf('certificates.auto')}
          type="checkbox"
          checked={value.auto}
          onChange={(e) => set({ auto: e.target.checked })}
          className="mt-1 h-4 w-4 accent-brand-700"
          {...described('certificates.auto', errors, true)}
        />
        <div className="text-sm text-slate-800 dark:text-slate-200">
          <label htmlFor={fieldIdOf('certificates.auto')} className="font-medium">
            Issue certificates automatically when the event ends
          </label>
          <span
            id={`${fieldIdOf('certificates.auto')}-hint`}
            className="block text-xs text-slate-600 dark:text-slate-400"
          >
            Everyone checked in at the door gets a certificate of attendance on their ticket page. Staff can also issue
            them from the attendance report.
          </span>
          <ErrorText path="certificates.auto" errors={errors} />
        </div>
      </div>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        {SIGNATORY_FIELDS.map((field) => {
          const path = `certificates.${field.name}`;
          return (
            <div key={field.name}>
              <label htmlFor={fieldIdOf(path)} className={labelClass}>
                {field.label} <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
              </label>
              <input
                id={fieldIdOf(path)}
                type="text"
                maxLength={MAX_SIGNATORY_LENGTH}
                value={value[field.name]}
                onChange={(e) => set({ [field.name]: e.target.value })}
                className={inputClass}
                {...described(path, errors, true)}
              />
              <p id={`${fieldIdOf(path)}-hint`} className={hintClass}>
                {field.hint}
              </p>
              <ErrorText path={path} errors={errors} />
            </div>
          );
        })}
      </div>
      <ErrorText path="certificates" errors={errors} />
    </fieldset>
  );
}

/** The fieldset as a section of the event form (ResourceForm). */
export function certificatesSection(event?: object): FormSection<CertificatesValue> {
  return {
    name: 'certificates',
    initial: certificatesValue(event),
    toPayload: certificatesPayload,
    render: (value, onChange, errors) => <CertificatesFieldset value={value} onChange={onChange} errors={errors} />,
  };
}
