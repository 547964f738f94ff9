/** The contact form's fields and words, shared by its island and the page that answers it without script. */
export const CONTACT_FIELDS = ['name', 'email', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export const isContactField = (name: string): name is ContactField =>
  (CONTACT_FIELDS as readonly string[]).includes(name);

/** Where the form posts when no script has run: an on-demand page that answers with the outcome. */
export const CONTACT_POST_PATH = '/contact/send';

/** The spec's toasts, and the same words in the page when the form was posted without script. */
export const CONTACT_SENT = 'Message sent successfully';
export const CONTACT_FAILED = 'Message sending failed';

/** How the page answered a post without script, for the form to show. */
export interface ContactServedOutcome {
  outcome: 'sent' | 'failed';
  reason?: string | undefined;
  values: ContactValues;
  errors: ContactFieldErrors;
}

export const CONTACT_DESCRIPTION =
  'Write to the IEEE Computer Society Bangladesh Chapter: send a message, e-mail us, or find us in Dhaka.';
