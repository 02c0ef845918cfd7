/** A client's own list of properties: every operation is scoped to the acting user. */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { listings, type Listing, type User } from "~/db/schema";
import { NotFoundError } from "~/lib/errors";
import type { ListingInput } from "~/lib/listing-schema";
import { apiWholeDollars, centsOf } from "~/lib/money";

type Actor = Pick<User, "id">;

/** The user's saved homes, newest first. */
export function listListings(db: Db, actor: Actor): Listing[] {
  return db
    .select()
    .from(listings)
    .where(eq(listings.userId, actor.id))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .all();
}

export function createListing(db: Db, actor: Actor, input: ListingInput): Listing {
  return db
    .insert(listings)
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

const own = (actor: Actor, id: number) => and(eq(listings.id, id), eq(listings.userId, actor.id));

/** Sets the favorite flag of the actor's listing; another user's is not found. */
export function setFavorite(db: Db, actor: Actor, id: number, isFavorite: boolean): Listing {
  const row = db.update(listings).set({ isFavorite }).where(own(actor, id)).returning().get();
  if (!row) throw new NotFoundError("Listing not found");
  return row;
}

/** Deletes the actor's listing; another user's is not found. */
export function deleteListing(db: Db, actor: Actor, id: number): void {
  const result = db.delete(listings).where(own(actor, id)).run();
  if (result.changes === 0) throw new NotFoundError("Listing not found");
}

/** A listing as the API gives it (price: whole dollars as a string of digits) and a page shows it (priceCents). */
export function toListingJson(l: Listing) {
  return { ...l, price: apiWholeDollars(l.priceCents), createdAt: l.createdAt.toISOString() };
}
