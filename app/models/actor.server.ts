/**
 * Who performs a model operation. Every model function takes the acting user
 * and refuses what that user may not do, so a route that forgot its guard
 * still leaks nothing.
 */
import type { User } from "~/db/schema";
import { ForbiddenError } from "~/lib/errors";

export type Actor = Pick<User, "id" | "isAdmin">;

/** Only admins pass; anyone else is a ForbiddenError (403). */
export function assertAdmin(actor: Pick<User, "isAdmin">): void {
  if (!actor.isAdmin) throw new ForbiddenError();
}
