/** The version counters of `content_version` (app/db/schema/site.ts), read with one prepared query. */
import { eq, sql } from "drizzle-orm";
import { preparedQuery, type Db } from "~/db/client.server";
import { CONTENT_VERSION_ROWS, contentVersions, pageScopes } from "~/db/schema";

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

const scopeVersion = preparedQuery((db) =>
  db
    .select({ version: pageScopes.version })
    .from(pageScopes)
    .where(eq(pageScopes.scope, sql.placeholder("scope")))
    .prepare(),
);

/** The version of one public page's scope (`sale:12`; 0 before its first change), raised by triggers (migration 0023). */
export function pageScopeVersion(db: Db, scope: string): number {
  return scopeVersion(db).get({ scope })?.version ?? 0;
}

/** The page-scope header's value of a scope, read now: read it before the page's data (server/page-cache.ts). */
export const pageScopeHeader = (db: Db, scope: string) => `${scope}@${pageScopeVersion(db, scope)}`;
