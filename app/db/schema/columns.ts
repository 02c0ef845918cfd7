/**
 * The columns every table writes the same way: a row's creation and change times, in milliseconds since the epoch.
 */
import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

export const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(now);
export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(now)
    .$onUpdateFn(() => new Date());

/** A table's own id: an integer that SQLite gives, never reused. */
export function serialId() {
  return integer("id").primaryKey({ autoIncrement: true });
}
