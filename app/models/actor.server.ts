/**
 * Who performs a model operation. Every model function takes the acting user
 * and refuses what that user may not do, so a route that forgot its guard
 * still leaks nothing.
 *
 * Roles (docs/decisions/030-team.md): an admin (the broker and the office) may do everything; an agent is
 * staff for what is theirs: the transactions assigned to them or shared with them as a collaborator, the
 * leads assigned to them (app/models/transaction.server.ts `findTransaction`, app/models/lead.server.ts),
 * and is told "not found" about everything else, as a client is about another client's data.
 */
import type { User } from "~/db/schema";
import type { AuditRole } from "~/domain/enums";
import { ForbiddenError } from "~/lib/errors";

export type Actor = Pick<User, "id" | "isAdmin"> & { isAgent?: boolean };

/** Staff: an admin, or an agent (for what is theirs: the models' reads decide which records). */
export const isStaff = (actor: Pick<Actor, "isAdmin" | "isAgent">) => actor.isAdmin || actor.isAgent === true;

/** An agent who is not an admin: their reads are narrowed to what is theirs. */
export const isAgentOnly = (actor: Pick<Actor, "isAdmin" | "isAgent">) => !actor.isAdmin && actor.isAgent === true;

/** The role a person acts in, as the audit and the message threads name it. */
export const roleOf = (actor: Pick<Actor, "isAdmin" | "isAgent">): Exclude<AuditRole, "system"> =>
  actor.isAdmin ? "admin" : actor.isAgent ? "agent" : "client";

/** Only admins pass; anyone else is a ForbiddenError (403). */
export function assertAdmin(actor: Pick<User, "isAdmin">): void {
  if (!actor.isAdmin) throw new ForbiddenError();
}

/** Only staff pass (admins and agents); a client is a ForbiddenError (403). */
export function assertStaff(actor: Pick<Actor, "isAdmin" | "isAgent">): void {
  if (!isStaff(actor)) throw new ForbiddenError();
}
