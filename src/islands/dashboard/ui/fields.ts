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

export const emptyValues = (fields: readonly FieldSpec[]): FormValues =>
  Object.fromEntries(fields.map((f) => [f.name, '']));

/** "a@x.org, b@y.org" -> ["a@x.org", "b@y.org"]. */
export const splitEmails = (value: string): string[] =>
  value
    .split(/[,;\s]+/)
    .map((v) => v.trim())
    .filter(Boolean);
