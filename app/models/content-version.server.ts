/** The version counters of `content_version` (app/db/schema.ts), read with one prepared query. */
import { eq, sql } from "drizzle-orm";
import { preparedQuery, type Db } from "~/db/client.server";
import { CONTENT_VERSION_ROWS, contentVersions } from "~/db/schema";

const versionById = preparedQuery((db) =>
  db
    .select({ version: contentVersions.version })
    .from(contentVersions)
    .where(eq(contentVersions.id, sql.placeholder("id")))
    .prepare(),
);

/** The current value of one counter (0 before its first change). */
export function contentVersionOf(db: Db, counter: keyof typeof CONTENT_VERSION_ROWS): number {
  return versionById(db).get({ id: CONTENT_VERSION_ROWS[counter] })?.version ?? 0;
}
