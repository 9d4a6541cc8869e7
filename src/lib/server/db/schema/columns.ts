import { bigint, integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Each helper returns a new builder on every call: a Drizzle column builder belongs to the one table it is built into.
// A reference takes its target as a function instead of importing the table: every schema file imports this module,
// and importing them back would make a cycle in which a table is built before its helpers are defined.

/** Keys and references are bigints the app reads as JS numbers: no id comes near 2^53. */
export const bigintId = <N extends string>(name: N) => bigint(name, { mode: 'number' });

/** The table's own key, numbered by the database. */
export const identityKey = () => bigintId('id').primaryKey().generatedAlwaysAsIdentity();

/** A required reference to the row this one belongs to: it goes when that row goes. */
export const ownerRef = <N extends string>(name: N, target: () => AnyPgColumn) =>
  bigintId(name).notNull().references(target, { onDelete: 'cascade' });

/** An optional reference that is cleared when the row it names goes, so this row outlives it. */
export const clearedRef = <N extends string>(name: N, target: () => AnyPgColumn) =>
  bigintId(name).references(target, { onDelete: 'set null' });

/** A moment, always kept with its time zone so it reads the same whatever the server's zone. */
export const moment = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** A moment the database fills in when the row is written. */
export const writtenAt = <N extends string>(name: N) => moment(name).notNull().defaultNow();

export const createdAt = () => writtenAt('created_at');

/** For rows that are edited: both start at the insert, and the code that edits a row moves `updatedAt`. */
export const createdAndUpdatedAt = () => ({ createdAt: createdAt(), updatedAt: writtenAt('updated_at') });

/** Where the row stands among its siblings in lists; 0 until someone orders them. */
export const sortOrder = () => integer('sort').notNull().default(0);

const cnEnColumns = <K extends string, B>(key: K, column: (name: string) => B) =>
  ({ [`${key}Cn`]: column(`${key}_cn`), [`${key}En`]: column(`${key}_en`) }) as { [P in `${K}Cn` | `${K}En`]: B };

/** A text the interface shows in either of its languages, so it is written in both: `<key>Cn` and `<key>En`. */
export const cnEnText = <K extends string>(key: K) => cnEnColumns(key, (name) => text(name).notNull());

/** Like `cnEnText`, for an optional text: left out, each language is empty rather than null. */
export const cnEnTextOrEmpty = <K extends string>(key: K) => cnEnColumns(key, (name) => text(name).notNull().default(''));
