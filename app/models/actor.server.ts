/**
 * Who performs a model operation: every model function takes the acting user and refuses what that user may not
 * do, by the rules of app/models/permissions.server.ts.
 *
 * Roles (docs/decisions/030-team.md): an admin (the broker and the office) may do everything; an agent is
 * staff for what is theirs: the transactions assigned to them or shared with them as a collaborator, the
 * leads assigned to them (app/models/transaction.server.ts `findTransaction`, app/models/lead.server.ts),
 * and is told "not found" about everything else, as a client is about another client's data.
 */
import type { User } from "~/db/schema";
import type { AuditRole } from "~/domain/enums";

export type Actor = Pick<User, "id" | "isAdmin"> & { isAgent?: boolean };

/** Staff: an admin, or an agent (for what is theirs: the models' reads decide which records). */
export const isStaff = (actor: Pick<Actor, "isAdmin" | "isAgent">) => actor.isAdmin || actor.isAgent === true;

/** An agent who is not an admin: their reads are narrowed to what is theirs. */
export const isAgentOnly = (actor: Pick<Actor, "isAdmin" | "isAgent">) => !actor.isAdmin && actor.isAgent === true;

/** The role a person acts in, as the audit and the message threads name it. */
export const roleOf = (actor: Pick<Actor, "isAdmin" | "isAgent">): Exclude<AuditRole, "system"> =>
  actor.isAdmin ? "admin" : actor.isAgent ? "agent" : "client";
