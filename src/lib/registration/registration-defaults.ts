/**
 * An event's registration settings when none were chosen, for the schema (its defaults) and for the
 * readers of registration (the event page's island, the ticket, the dashboard) alike. Nothing imported:
 * the schema reads these and the types are derived from the schema, so a type import here would close a
 * circle.
 */

/** "Confirm by e-mail": how long a new seat waits for its e-mail to be confirmed, in minutes. */
export const DEFAULT_HOLD_MINUTES = 30;

/** An event's registration settings when none were chosen: visitors follow its link. */
export const DEFAULT_REGISTRATION_SETTINGS: {
  readonly mode: 'link';
  readonly capacity: null;
  readonly opensAt: null;
  readonly closesAt: null;
  readonly questions: string[];
  readonly confirmByEmail: false;
  readonly holdMinutes: number;
} = {
  mode: 'link',
  capacity: null,
  opensAt: null,
  closesAt: null,
  questions: [],
  confirmByEmail: false,
  holdMinutes: DEFAULT_HOLD_MINUTES,
};
