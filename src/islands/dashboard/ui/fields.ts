/** How a dashboard form field is drawn; the rules it must meet live in the zod schemas of src/lib/schemas. */
export interface FieldSpec {
  name: string;
  label: string;
  type:
    | 'text'
    | 'email'
    | 'url'
    | 'number'
    | 'date'
    | 'time'
    | 'tel'
    | 'password'
    | 'textarea'
    | 'select'
    | 'image'
    /** One or more e-mail addresses, separated by commas; sent as a list. */
    | 'emails';
  options?: readonly string[];
  /** What a select shows for each option value, where the value itself is not for people. */
  optionLabels?: Readonly<Record<string, string>>;
  rows?: number;
  /** Blank is allowed (sent as empty or left out, depending on the form). */
  optional?: boolean;
  hint?: string;
  autoComplete?: string;
  min?: number;
  max?: number;
  step?: number | 'any';
}

export type FormValues = Record<string, string>;

/**
 * A form's values, one per field of the list: taken from `from` (an entity being edited, or defaults)
 * where it has the field, blank otherwise. Lists (e-mail addresses) are shown comma-separated.
 */
export function formValues(fields: readonly FieldSpec[], from: object = {}): FormValues {
  const source = from as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f.name, asFieldText(source[f.name])]));
}

function asFieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** "a@x.org, b@y.org" -> ["a@x.org", "b@y.org"]. */
export const splitEmails = (value: string): string[] =>
  value
    .split(/[,;\s]+/)
    .map((v) => v.trim())
    .filter(Boolean);
