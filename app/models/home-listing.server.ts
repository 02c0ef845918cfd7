/**
 * Our listings on our own site (docs/listings.md): a selling transaction's public page, /homes/{slug}, its
 * facts and description written by staff (checked for fair housing: app/lib/fair-housing.ts), shown once its seller
 * said yes in the portal and staff entered the MLS date (Clear Cooperation); `state` says whether the public sees it
 * (`live`), sees it sold (`sold`), or not at all (`hidden`: 404). Views are counted here, on the server, without
 * cookies. Photos and open houses are app/models/listing-photo.server.ts's and open-house.server.ts's.
 */
import { createHmac } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, sum } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  contactSubmissions,
  homeListings,
  images,
  listingPhotos,
  listingPrices,
  listingViewDays,
  listingViews,
  openHouses,
  openHouseVisitors,
  showings,
  showingSettings,
  soldHomes,
  transactions,
  type HomeListing,
  type Transaction,
} from "~/db/schema";
import { env } from "~/config/env.server";
import { ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { fairHousingFlags, fairHousingMessage, type FairHousingFlag } from "~/lib/fair-housing";
import {
  HOMES_PAGE_SIZE,
  STAFF_LISTING_FIELDS,
  type HomeListingInput,
  type HomesQuery,
} from "~/lib/home-listing-schema";
import type { PhotoRow } from "~/lib/images";
import { notLiveBecause } from "~/lib/listing-state";
import { zipOf } from "~/lib/neighbourhoods";
import { apiDollars, centsOf } from "~/lib/money";
import { addDaysTo, todayIn } from "~/lib/plain-date";
import type { Actor } from "~/models/actor.server";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { assertDuty } from "~/models/broker-duties.server";
import { decidesFairHousing, requestException, waitingException } from "~/models/fair-housing-review.server";
import { listingInputs, refreshListing } from "~/models/listing-state.server";
import { getTransaction, isStaffOn } from "~/models/permissions.server";

const NOT_FOUND = "Listing not found";

/** A sale's listing row (made when the sale was opened: app/models/transaction-setup.server.ts), or 404. */
function listingRowOf(db: DbOrTx, t: Transaction): HomeListing {
  const row =
    t.type === "selling" ? db.select().from(homeListings).where(eq(homeListings.transactionId, t.id)).get() : undefined;
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

export const listingUrl = (slug: string) => `/homes/${slug}`;

/**
 * The listing as the workspace, the portal and the API's answer read it (reading never writes): staff on it or its
 * client; else 404. With why it is not live (the rule's words) and the fair-housing exception waiting, if any.
 */
export function getHomeListing(db: Db, actor: Actor, transactionId: number, now = new Date()) {
  const t = getTransaction(db, actor, transactionId);
  const row = listingRowOf(db, t);
  return {
    transaction: t,
    listing: row,
    staff: isStaffOn(db, actor, t),
    notLive: notLiveBecause(listingInputs(db, row, t, now)),
    waiting: waitingException(db, { type: "listing", transactionId: t.id }),
  };
}

export const toHomeListingJson = (
  row: HomeListing,
  t: Pick<Transaction, "yearBuilt">,
  warnings: FairHousingFlag[] = [],
) => ({
  slug: row.slug,
  url: `${env().APP_URL}${listingUrl(row.slug)}`,
  published: row.sellerYesAt !== null,
  mlsEnteredOn: row.mlsEnteredOn,
  live: row.state !== "hidden",
  state: row.state,
  price: row.priceCents === null ? null : apiDollars(row.priceCents),
  beds: row.beds,
  baths: row.baths === null ? null : Number(row.baths),
  squareFeet: row.squareFeet,
  lotSquareFeet: row.lotSquareFeet,
  yearBuilt: t.yearBuilt,
  description: row.description,
  olderPersons: row.olderPersons,
  warnings,
});

/**
 * `PUT /api/transactions/{id}/listing` (a partial update), the Listing tab's "Listing page" and the portal's "Show my
 * home on your site": the seller's yes is `published: true` from its client (who may send nothing else: 403); staff
 * write the MLS date (a future one is accepted: the page goes live that day) and the facts, and may take the page down
 * (`published: false`, the seller asked again). Housing for older persons (`olderPersons`) is the broker's mark. A
 * description with a flagged phrase needs `fairHousingReason` (else 400 naming each): the broker's (or a licensee's
 * they named) saves at once, audited; anyone else's waits for the broker (`pending`: the earlier text stays). A new
 * price is kept with its day once the page has been shown. The listing's state is decided again in the same database
 * transaction (app/models/listing-state.server.ts). Audited.
 */
export function putHomeListing(db: Db, actor: Actor, transactionId: number, input: HomeListingInput, now = new Date()) {
  return db.transaction((tx) => {
    const t = getTransaction(tx, actor, transactionId);
    const before = listingRowOf(tx, t);
    const staff = isStaffOn(tx, actor, t);
    if (!staff && STAFF_LISTING_FIELDS.some((k) => input[k] !== undefined)) {
      throw new ForbiddenError("Only the agency writes the listing; you say whether it is shown");
    }
    if (staff && input.published === true && t.userId !== actor.id) {
      throw new ForbiddenError("The seller says yes in their portal; staff may take the page down");
    }
    if (input.olderPersons !== undefined && input.olderPersons !== before.olderPersons) {
      assertDuty(tx, actor, "approveFiles", now);
    }
    const olderPersons = input.olderPersons ?? before.olderPersons;
    // Checked when the description changes (the form sends it each time; one saved with a reason stays saved).
    const changedDescription = input.description !== undefined && (input.description || null) !== before.description;
    const flags = changedDescription ? fairHousingFlags(input.description, { olderPersons }) : [];
    if (flags.length && !input.fairHousingReason) {
      throw new InvalidInputError(fairHousingMessage(flags), { description: [fairHousingMessage(flags)] });
    }
    // An exception by someone who does not decide them waits for the broker; the earlier text stays.
    const pending = flags.length > 0 && !decidesFairHousing(tx, actor, now);
    const priceCents =
      input.price === undefined ? before.priceCents : input.price === null ? null : centsOf(input.price);
    const next = {
      ...(input.published === undefined
        ? {}
        : input.published
          ? { sellerYesAt: before.sellerYesAt ?? now, sellerYesBy: before.sellerYesBy ?? actor.id }
          : { sellerYesAt: null, sellerYesBy: null }),
      ...(input.mlsEnteredOn === undefined ? {} : { mlsEnteredOn: input.mlsEnteredOn }),
      ...(input.price === undefined ? {} : { priceCents }),
      ...(input.beds === undefined ? {} : { beds: input.beds }),
      ...(input.baths === undefined ? {} : { baths: input.baths === null ? null : String(input.baths) }),
      ...(input.squareFeet === undefined ? {} : { squareFeet: input.squareFeet }),
      ...(input.lotSquareFeet === undefined ? {} : { lotSquareFeet: input.lotSquareFeet }),
      ...(input.propertyType === undefined ? {} : { propertyType: input.propertyType }),
      ...(input.olderPersons === undefined ? {} : { olderPersons: input.olderPersons }),
      ...(input.description === undefined || pending ? {} : { description: input.description || null }),
      zip: zipOf(t.propertyAddress),
    };
    tx.update(homeListings)
      .set({ ...next, updatedAt: now })
      .where(eq(homeListings.transactionId, t.id))
      .run();
    // The price history: each change once the page has been shown (the first price is the state's: first live).
    if (before.publishedAt !== null && priceCents !== null && priceCents !== before.priceCents) {
      tx.insert(listingPrices)
        .values({ transactionId: t.id, priceCents, on: todayIn(now), createdAt: now })
        .run();
    }
    // The year built is the home's (the file's lead-paint disclosure reads it too): kept on the transaction.
    if (input.yearBuilt !== undefined && input.yearBuilt !== t.yearBuilt) {
      tx.update(transactions)
        .set({ yearBuilt: input.yearBuilt, updatedAt: now })
        .where(eq(transactions.id, t.id))
        .run();
    }
    const changes = changesOf({ ...before, yearBuilt: t.yearBuilt } as unknown as Record<string, unknown>, {
      ...next,
      ...(input.yearBuilt === undefined ? {} : { yearBuilt: input.yearBuilt }),
    });
    if (changes) {
      recordAudit(tx, actor, {
        action: "listing.update",
        subject: { type: "transaction", id: t.id },
        transactionId: t.id,
        changes,
        at: now,
      });
    }
    if (flags.length && pending) {
      requestException(
        tx,
        actor,
        { type: "listing", transactionId: t.id },
        { text: input.description!, reason: input.fairHousingReason!, flags },
        now,
      );
    } else if (flags.length) {
      recordAudit(tx, actor, {
        action: "listing.fair_housing_override",
        subject: { type: "transaction", id: t.id },
        transactionId: t.id,
        changes: { reason: input.fairHousingReason, phrases: flags.map((f) => f.phrase) },
        at: now,
      });
    }
    refreshListing(tx, t.id, now, actor);
    const row = tx.select().from(homeListings).where(eq(homeListings.transactionId, t.id)).get()!;
    return {
      row,
      transaction: { ...t, yearBuilt: input.yearBuilt === undefined ? t.yearBuilt : input.yearBuilt },
      warnings: flags,
      pending,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The public's pages

/** The first photo of each listing among `ids` (the list's cards, the Open Graph image). */
export function firstPhotos(db: DbOrTx, ids: number[]) {
  const map = new Map<number, PhotoRow>();
  if (ids.length === 0) return map;
  const rows = db
    .select({
      transactionId: listingPhotos.transactionId,
      imageId: listingPhotos.imageId,
      variants: images.variants,
      alt: listingPhotos.alt,
    })
    .from(listingPhotos)
    .innerJoin(images, eq(images.id, listingPhotos.imageId))
    .where(
      and(
        inArray(listingPhotos.transactionId, ids),
        eq(
          listingPhotos.position,
          sql`(SELECT min(p.position) FROM listing_photos p WHERE p.transaction_id = ${listingPhotos.transactionId})`,
        ),
      ),
    )
    .all();
  for (const r of rows) map.set(r.transactionId, { imageId: r.imageId, variants: r.variants, alt: r.alt });
  return map;
}

/**
 * `/homes` and `GET /api/homes`: the live listings, newest first, 24 a page, by ZIP code, price range and least
 * bedrooms. The state (and ZIP) and the order meet in an index; the other filters read the few rows it gives.
 */
export function listHomes(db: Db, query: HomesQuery) {
  const where = and(
    eq(homeListings.state, "live"),
    query.zip ? eq(homeListings.zip, query.zip) : undefined,
    query.minPrice !== undefined ? gte(homeListings.priceCents, centsOf(query.minPrice)) : undefined,
    query.maxPrice !== undefined ? lte(homeListings.priceCents, centsOf(query.maxPrice)) : undefined,
    query.beds !== undefined ? gte(homeListings.beds, query.beds) : undefined,
  );
  const page = query.page ?? 1;
  const total = db.select({ n: count() }).from(homeListings).where(where).get()?.n ?? 0;
  const rows = db
    .select({ listing: homeListings, address: transactions.propertyAddress })
    .from(homeListings)
    .innerJoin(transactions, eq(transactions.id, homeListings.transactionId))
    .where(where)
    .orderBy(desc(homeListings.publishedAt), desc(homeListings.transactionId))
    .limit(HOMES_PAGE_SIZE)
    .offset((page - 1) * HOMES_PAGE_SIZE)
    .all();
  const photos = firstPhotos(
    db,
    rows.map((r) => r.listing.transactionId),
  );
  return {
    page,
    total,
    items: rows.map((r) => ({ ...homeCard(r.listing, r.address), photo: photos.get(r.listing.transactionId) ?? null })),
  };
}

/** A listing as a card and the API's list give it. */
export const homeCard = (l: HomeListing, address: string | null) => ({
  slug: l.slug,
  url: listingUrl(l.slug),
  address: address ?? "",
  zip: l.zip,
  priceCents: l.priceCents,
  price: l.priceCents === null ? null : apiDollars(l.priceCents),
  beds: l.beds,
  baths: l.baths === null ? null : Number(l.baths),
  squareFeet: l.squareFeet,
  state: l.state,
  soldOn: l.soldOn,
});

/** The transaction id of a shown listing (live or sold) by its slug, or null (unknown, hidden: 404). */
export function shownListingId(db: Db, slug: string): number | null {
  const row = db
    .select({ id: homeListings.transactionId, state: homeListings.state })
    .from(homeListings)
    .where(eq(homeListings.slug, slug))
    .get();
  return row && row.state !== "hidden" ? row.id : null;
}

/** Everything the public page of a shown listing needs (null when not shown). */
export function publicHome(db: Db, slug: string) {
  const row = db
    .select({ listing: homeListings, t: transactions })
    .from(homeListings)
    .innerJoin(transactions, eq(transactions.id, homeListings.transactionId))
    .where(eq(homeListings.slug, slug))
    .get();
  if (!row || row.listing.state === "hidden") return null;
  const prices = db
    .select({ priceCents: listingPrices.priceCents, on: listingPrices.on })
    .from(listingPrices)
    .where(eq(listingPrices.transactionId, row.t.id))
    .orderBy(asc(listingPrices.id))
    .all();
  // A sold home's photos only with the seller's yes to a photo (their answer on /sold).
  const sold = row.listing.state === "sold";
  const photoAllowed =
    !sold ||
    db.select({ photo: soldHomes.photo }).from(soldHomes).where(eq(soldHomes.transactionId, row.t.id)).get()?.photo ===
      true;
  const photos = photoAllowed
    ? db
        .select({
          id: listingPhotos.id,
          imageId: listingPhotos.imageId,
          variants: images.variants,
          alt: listingPhotos.alt,
        })
        .from(listingPhotos)
        .innerJoin(images, eq(images.id, listingPhotos.imageId))
        .where(eq(listingPhotos.transactionId, row.t.id))
        .orderBy(asc(listingPhotos.position), asc(listingPhotos.id))
        .all()
    : [];
  const showing = db
    .select({ token: showingSettings.token })
    .from(showingSettings)
    .where(eq(showingSettings.transactionId, row.t.id))
    .get();
  return {
    transactionId: row.t.id,
    agentId: row.t.assignedAgentId,
    listing: row.listing,
    yearBuilt: row.t.yearBuilt,
    /** What it sold for (a sold page shows it, not the last list price). */
    closingPriceCents: sold ? row.t.closingPriceCents : null,
    address: row.t.propertyAddress ?? "",
    prices,
    photos,
    showingUrl: showing && row.listing.state === "live" ? `/showings/${showing.token}` : null,
  };
}

/** Every shown listing's slug (the sitemap). */
export const shownSlugs = (db: Db) =>
  db
    .select({ slug: homeListings.slug, updatedAt: homeListings.updatedAt })
    .from(homeListings)
    .where(inArray(homeListings.state, ["live", "sold"]))
    .all();

// ---------------------------------------------------------------------------------------------------------------
// Views, counted on the server

/** User agents of crawlers and tools: their views are not counted. */
const BOTS =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|curl|wget|python|httpclient|headless|lighthouse/i;

/**
 * One view of a listing's page: one per visitor's address and day (kept as a keyed hash, never the address), none for
 * a bot's user agent or a visitor without an address. No cookie is set.
 */
export function recordView(
  db: Db,
  transactionId: number,
  ip: string | null,
  userAgent: string | null,
  now = new Date(),
) {
  if (!ip || !userAgent || BOTS.test(userAgent)) return;
  const day = todayIn(now);
  const visitor = createHmac("sha256", env().SESSION_SECRET).update(`${day}|${ip}`).digest("base64url").slice(0, 22);
  db.insert(listingViews).values({ transactionId, day, visitor }).onConflictDoNothing().run();
}

/**
 * The daily job: the per-address hashes of the days already counted are deleted (only each day's count stays, in
 * `listing_view_days`); today's stay, so a visitor's second view today is still one. Returns how many were deleted.
 */
export function purgeCountedViews(db: DbOrTx, now = new Date()): number {
  return db
    .delete(listingViews)
    .where(lt(listingViews.day, todayIn(now)))
    .run().changes;
}

/**
 * What the seller sees: the page's views this week (the last 7 days) and in all, inquiries, showings (approved) and
 * open-house visitors.
 */
export function listingStats(db: DbOrTx, transactionId: number, now = new Date()) {
  const today = todayIn(now);
  const views = (from?: string) =>
    Number(
      db
        .select({ n: sum(listingViewDays.views) })
        .from(listingViewDays)
        .where(and(eq(listingViewDays.transactionId, transactionId), from ? gte(listingViewDays.day, from) : undefined))
        .get()?.n ?? 0,
    );
  const inquiries =
    db
      .select({ n: count() })
      .from(contactSubmissions)
      .where(and(eq(contactSubmissions.homeTransactionId, transactionId), eq(contactSubmissions.source, "inquiry")))
      .get()?.n ?? 0;
  const showingCount =
    db
      .select({ n: count() })
      .from(showings)
      .where(and(eq(showings.transactionId, transactionId), eq(showings.status, "approved")))
      .get()?.n ?? 0;
  // Sign-ins and the people behind them (one who signs in twice, at one open house or two, is one visitor: marked
  // `repeat_visit` when they sign in, app/models/open-house.server.ts), by the sale's open houses, then each one's
  // visitors (joined, SQLite walked every visitor).
  const door = db
    .select({
      signIns: count(),
      visitors: sql<number>`count(*) - coalesce(sum(${openHouseVisitors.repeatVisit}), 0)`,
    })
    .from(openHouseVisitors)
    .where(
      inArray(
        openHouseVisitors.openHouseId,
        db.select({ id: openHouses.id }).from(openHouses).where(eq(openHouses.transactionId, transactionId)),
      ),
    )
    .get() ?? { signIns: 0, visitors: 0 };
  return {
    viewsWeek: views(addDaysTo(today, -6)),
    viewsTotal: views(),
    inquiries,
    showings: showingCount,
    signIns: door.signIns,
    visitors: door.visitors,
  };
}
