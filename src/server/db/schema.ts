import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Columns are snake_case in Postgres; Kysely's CamelCasePlugin maps them to these names. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Chapter accounts: the people who sign in. Admins manage everything. */
export interface ChapterTable {
  id: Generated<string>;
  name: string;
  email: string;
  passwordHash: string;
  phone: string;
  slug: string;
  isAdmin: Generated<boolean>;
  /** Tokens issued before this instant stop working (password change). */
  passwordChangedAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface Database {
  chapters: ChapterTable;
}

export type Chapter = Selectable<ChapterTable>;
export type NewChapter = Insertable<ChapterTable>;
export type ChapterUpdate = Updateable<ChapterTable>;
