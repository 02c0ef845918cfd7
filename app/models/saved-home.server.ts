/** A client's own list of properties: every operation is scoped to the acting user. */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { savedHomes, type SavedHome, type User } from "~/db/schema";
import { NotFoundError } from "~/lib/errors";
import type { SavedHomeInput } from "~/lib/saved-home-schema";
import { apiWholeDollars, centsOf } from "~/lib/money";

type Actor = Pick<User, "id">;

/** The user's saved homes, newest first. */
export function listSavedHomes(db: Db, actor: Actor): SavedHome[] {
  return db
    .select()
    .from(savedHomes)
    .where(eq(savedHomes.userId, actor.id))
    .orderBy(desc(savedHomes.createdAt), desc(savedHomes.id))
    .all();
}

export function createSavedHome(db: Db, actor: Actor, input: SavedHomeInput): SavedHome {
  return db
    .insert(savedHomes)
    .values({
      userId: actor.id,
      zillowId: input.zillowId ?? null,
      address: input.address,
      // The form's whole dollars (a string of digits), in cents.
      priceCents: centsOf(Number(input.price)),
      bedrooms: input.bedrooms ?? null,
      bathrooms: input.bathrooms === undefined ? null : String(input.bathrooms),
      squareFootage: input.squareFootage ?? null,
      imageUrl: input.imageUrl ?? null,
      notes: input.notes ?? null,
    })
    .returning()
    .get();
}

const own = (actor: Actor, id: number) => and(eq(savedHomes.id, id), eq(savedHomes.userId, actor.id));

/** Sets the favorite flag of the actor's listing; another user's is not found. */
export function setFavorite(db: Db, actor: Actor, id: number, isFavorite: boolean): SavedHome {
  const row = db.update(savedHomes).set({ isFavorite }).where(own(actor, id)).returning().get();
  if (!row) throw new NotFoundError("Listing not found");
  return row;
}

/** Deletes the actor's listing; another user's is not found. */
export function deleteSavedHome(db: Db, actor: Actor, id: number): void {
  const result = db.delete(savedHomes).where(own(actor, id)).run();
  if (result.changes === 0) throw new NotFoundError("Listing not found");
}

/** A listing as the API gives it (price: whole dollars as a string of digits) and a page shows it (priceCents). */
export function toSavedHomeJson(l: SavedHome) {
  return { ...l, price: apiWholeDollars(l.priceCents), createdAt: l.createdAt.toISOString() };
}
