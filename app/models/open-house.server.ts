/**
 * Open houses (docs/listings.md): staff or the seller schedule them (San Diego time, hosted by an agent of
 * the team); the public sees those to come on the listing's page and /open-houses; at the door, /open-house/{token}
 * (valid from an hour before to an hour after, a single-purpose token) signs visitors in: one without an agent becomes
 * a lead routed to the host (source "open house", the home named; a repeat visitor is one lead with a new event), one
 * with an agent is recorded for the seller and not marketed to. The seller sees counts and anonymized answers.
 */
import { and, asc, count, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  contactSubmissions,
  homeListings,
  leadEvents,
  openHouses,
  openHouseVisitors,
  transactions,
  users,
  type OpenHouse,
} from "~/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { formatSlot, fullName } from "~/lib/format";
import type { VisitorInput } from "~/lib/home-listing-schema";
import { apiDollars } from "~/lib/money";
import { notLiveBecause } from "~/lib/listing-state";
import { formatDayWords, todayIn } from "~/lib/plain-date";
import { sanDiegoInstant } from "~/lib/showing-slots";
import type { Actor } from "~/models/actor.server";
import { actingRefusalOf, actingRefusalOn } from "~/models/broker-duties.server";
import { listingInputs } from "~/models/listing-state.server";
import { recordAudit } from "~/models/audit-log.server";
import { submitContact } from "~/models/lead-intake.server";
import { enrollSimilarHomes } from "~/models/similar-homes.server";
import { isToken, TOKEN_BYTES } from "~/lib/token-format";
import { newToken } from "~/models/secret-token.server";
import { getTransaction, isStaffOn } from "~/models/permissions.server";

const NOT_FOUND = "Open house not found";
const HOUR = 3600_000;
/** The door's sign-in opens this long before the start and closes this long after the end. */
export const SIGN_IN_MARGIN_MS = HOUR;

/** "2026-12-05T13:00" (San Diego wall clock, a datetime-local input) or an ISO instant with its offset. */
export function parseOpenHouseTime(value: string): Date | null {
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (local) return sanDiegoInstant(local[1]!, Number(local[2]) * 60 + Number(local[3]));
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value.trim())) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The sale's listing as staff or its seller reach it (anyone else 404); a purchase has none. */
function saleOf(db: DbOrTx, actor: Actor, transactionId: number) {
  const t = getTransaction(db, actor, transactionId);
  if (t.type !== "selling") throw new NotFoundError("Listing not found");
  return { t, staff: isStaffOn(db, actor, t) };
}

/**
 * `POST /api/transactions/{id}/open-houses` `{ start, end, hostId }` and the workspace's form: staff on the sale or
 * its seller; the host an active agent of the team who may act for the brokerage (today and that day: else 409
 * naming the license); it ends after it starts, on the same day, within 8 hours, and
 * starts in the future. Audited.
 */
export function scheduleOpenHouse(
  db: Db,
  actor: Actor,
  transactionId: number,
  input: { start: string; end: string; hostId: string },
  now = new Date(),
): OpenHouse {
  return db.transaction((tx) => {
    const { t } = saleOf(tx, actor, transactionId);
    if (t.status !== "active") throw new ConflictError("This sale is no longer active");
    const startsAt = parseOpenHouseTime(input.start);
    const endsAt = parseOpenHouseTime(input.end);
    if (!startsAt) throw new InvalidInputError("Enter when it starts", { start: ["Enter when it starts"] });
    if (!endsAt) throw new InvalidInputError("Enter when it ends", { end: ["Enter when it ends"] });
    if (startsAt.getTime() <= now.getTime()) {
      throw new InvalidInputError("An open house starts in the future", {
        start: ["An open house starts in the future"],
      });
    }
    if (
      endsAt <= startsAt ||
      endsAt.getTime() - startsAt.getTime() > 8 * HOUR ||
      todayIn(endsAt) !== todayIn(startsAt)
    ) {
      const message = "It ends after it starts, the same day, within 8 hours";
      throw new InvalidInputError(message, { end: [message] });
    }
    // Public marketing starts when the listing is live (Clear Cooperation): an open house only for a live listing, on
    // or after its MLS date.
    const listing = tx.select().from(homeListings).where(eq(homeListings.transactionId, t.id)).get();
    if (!listing || listing.state !== "live") {
      const why = listing ? notLiveBecause(listingInputs(tx, listing, t, now)) : null;
      const message = `An open house is for a listing live on our site${why ? `: ${why}` : ""}`;
      throw new InvalidInputError(message, { start: [message] });
    }
    if (listing.mlsEnteredOn && todayIn(startsAt) < listing.mlsEnteredOn) {
      const message = `An open house is on or after the MLS date, ${formatDayWords(listing.mlsEnteredOn)}`;
      throw new InvalidInputError(message, { start: [message] });
    }
    // The same open house twice (a second press of the button): refused, naming the one already scheduled.
    const same = tx
      .select({ id: openHouses.id })
      .from(openHouses)
      .where(
        and(
          eq(openHouses.transactionId, t.id),
          eq(openHouses.startsAt, startsAt),
          eq(openHouses.endsAt, endsAt),
          isNull(openHouses.cancelledAt),
        ),
      )
      .get();
    if (same)
      throw new ConflictError(
        `An open house from ${formatSlot(startsAt)} to ${formatSlot(endsAt).split(", ").pop()} is already scheduled`,
      );
    const host = tx.select().from(users).where(eq(users.id, input.hostId)).get();
    if (!host || host.deactivatedAt || !(host.isAgent || host.isAdmin)) {
      throw new InvalidInputError("Choose an agent of the team to host", { hostId: ["Choose an agent of the team"] });
    }
    // The host acts for the brokerage at the door: licensed, the license in force today and on the day (409 naming it).
    const refusal = actingRefusalOf(tx, host, now) ?? actingRefusalOn(tx, host, todayIn(startsAt));
    if (refusal) throw new ConflictError(`${refusal}: they cannot host an open house`);
    const row = tx
      .insert(openHouses)
      .values({
        transactionId: t.id,
        startsAt,
        endsAt,
        hostId: host.id,
        token: newToken(TOKEN_BYTES.door),
        createdBy: actor.id,
        createdAt: now,
      })
      .returning()
      .get();
    recordAudit(tx, actor, {
      action: "open_house.schedule",
      subject: { type: "transaction", id: t.id },
      transactionId: t.id,
      changes: { start: startsAt.toISOString(), end: endsAt.toISOString(), host: fullName(host) || host.email },
      at: now,
    });
    return row;
  });
}

/** `DELETE /api/open-houses/{id}`: staff on the sale or its seller cancel it (kept, marked). */
export function cancelOpenHouse(db: Db, actor: Actor, id: number, now = new Date()) {
  db.transaction((tx) => {
    const row = tx.select().from(openHouses).where(eq(openHouses.id, id)).get();
    if (!row) throw new NotFoundError(NOT_FOUND);
    saleOf(tx, actor, row.transactionId);
    if (row.cancelledAt) return;
    tx.update(openHouses).set({ cancelledAt: now }).where(eq(openHouses.id, id)).run();
    recordAudit(tx, actor, {
      action: "open_house.cancel",
      subject: { type: "transaction", id: row.transactionId },
      transactionId: row.transactionId,
      changes: { start: row.startsAt.toISOString() },
      at: now,
    });
  });
}

/** The counts of visitors of these open houses, with an agent and without. */
function visitorCounts(db: DbOrTx, ids: number[]) {
  const map = new Map<number, { visitors: number; withAgent: number }>();
  if (ids.length === 0) return map;
  const rows = db
    .select({ id: openHouseVisitors.openHouseId, hasAgent: openHouseVisitors.hasAgent, n: count() })
    .from(openHouseVisitors)
    .where(inArray(openHouseVisitors.openHouseId, ids))
    .groupBy(openHouseVisitors.openHouseId, openHouseVisitors.hasAgent)
    .all();
  for (const r of rows) {
    const entry = map.get(r.id) ?? { visitors: 0, withAgent: 0 };
    entry.visitors += r.n;
    if (r.hasAgent) entry.withAgent += r.n;
    map.set(r.id, entry);
  }
  return map;
}

/**
 * `GET /api/transactions/{id}/open-houses`, the workspace and the portal: the sale's open houses, newest first, with
 * their visitors counted (with an agent or not). Staff see the door's link and the visitors by name; the seller only
 * the counts (anonymized).
 */
export function listOpenHouses(db: Db, actor: Actor, transactionId: number) {
  const { t, staff } = saleOf(db, actor, transactionId);
  const rows = db
    .select({ o: openHouses, hostFirst: users.firstName, hostLast: users.lastName, hostEmail: users.email })
    .from(openHouses)
    .leftJoin(users, eq(users.id, openHouses.hostId))
    .where(eq(openHouses.transactionId, t.id))
    .orderBy(asc(openHouses.startsAt), asc(openHouses.id))
    .all();
  const counts = visitorCounts(
    db,
    rows.map((r) => r.o.id),
  );
  const visitors =
    staff && rows.length
      ? db
          .select()
          .from(openHouseVisitors)
          .where(
            inArray(
              openHouseVisitors.openHouseId,
              rows.map((r) => r.o.id),
            ),
          )
          .orderBy(asc(openHouseVisitors.openHouseId), asc(openHouseVisitors.id))
          .all()
      : [];
  return rows.map(({ o, hostFirst, hostLast, hostEmail }) => ({
    id: o.id,
    start: o.startsAt.toISOString(),
    end: o.endsAt.toISOString(),
    hostId: o.hostId,
    host: fullName({ firstName: hostFirst, lastName: hostLast }) || hostEmail || "",
    cancelled: o.cancelledAt !== null,
    signInPath: staff ? `/open-house/${o.token}` : null,
    visitors: counts.get(o.id)?.visitors ?? 0,
    withAgent: counts.get(o.id)?.withAgent ?? 0,
    names: visitors
      .filter((v) => v.openHouseId === o.id)
      .map((v) => ({ name: v.name, hasAgent: v.hasAgent, agentName: v.agentName })),
  }));
}

/** A sale's open houses to come (not cancelled, not over), soonest first: its public page. */
export function upcomingOpenHouses(db: DbOrTx, transactionId: number, now = new Date()) {
  return db
    .select({ start: openHouses.startsAt, end: openHouses.endsAt })
    .from(openHouses)
    .where(
      and(eq(openHouses.transactionId, transactionId), isNull(openHouses.cancelledAt), gte(openHouses.endsAt, now)),
    )
    .orderBy(asc(openHouses.startsAt))
    .limit(10)
    .all()
    .map((o) => ({ start: o.start.toISOString(), end: o.end.toISOString() }));
}

/** How many open houses `/open-houses` shows a page. */
export const OPEN_HOUSES_PAGE = 50;

/**
 * `/open-houses`: the open houses of live listings from now to two weeks ahead, soonest first, 50 a page (one more is
 * read to know whether a next page exists). Driven by `open_houses_starts_idx` (the listing's state is not an index
 * term here: by it, SQLite walked every live listing and sorted).
 */
export function openHousesAhead(db: Db, now = new Date(), page = 1) {
  const until = new Date(now.getTime() + 14 * 24 * HOUR);
  const rows = db
    .select({
      start: openHouses.startsAt,
      end: openHouses.endsAt,
      slug: homeListings.slug,
      address: transactions.propertyAddress,
      priceCents: homeListings.priceCents,
      beds: homeListings.beds,
      baths: homeListings.baths,
    })
    .from(openHouses)
    .innerJoin(homeListings, eq(homeListings.transactionId, openHouses.transactionId))
    .innerJoin(transactions, eq(transactions.id, openHouses.transactionId))
    .where(
      and(
        gte(openHouses.startsAt, new Date(now.getTime() - 8 * HOUR)),
        lt(openHouses.startsAt, until),
        isNull(openHouses.cancelledAt),
        eq(sql`+${homeListings.state}`, "live"),
        gte(openHouses.endsAt, now),
      ),
    )
    .orderBy(asc(openHouses.startsAt), asc(openHouses.id))
    .limit(OPEN_HOUSES_PAGE + 1)
    .offset((page - 1) * OPEN_HOUSES_PAGE)
    .all()
    .map((r) => ({
      start: r.start.toISOString(),
      end: r.end.toISOString(),
      day: todayIn(r.start),
      slug: r.slug,
      address: r.address ?? "",
      priceCents: r.priceCents,
      price: r.priceCents === null ? null : apiDollars(r.priceCents),
      beds: r.beds,
      baths: r.baths === null ? null : Number(r.baths),
    }));
  return { items: rows.slice(0, OPEN_HOUSES_PAGE), more: rows.length > OPEN_HOUSES_PAGE, page };
}

/** The open house a door's token opens, while it is open (an hour before to an hour after); else 404. */
export function openHouseAtDoor(db: DbOrTx, token: string, now = new Date()) {
  if (!isToken(token, TOKEN_BYTES.door)) throw new NotFoundError(NOT_FOUND);
  const row = db
    .select({ o: openHouses, address: transactions.propertyAddress, status: transactions.status })
    .from(openHouses)
    .innerJoin(transactions, eq(transactions.id, openHouses.transactionId))
    .where(eq(openHouses.token, token))
    .get();
  if (
    !row ||
    row.o.cancelledAt ||
    row.status !== "active" ||
    now.getTime() < row.o.startsAt.getTime() - SIGN_IN_MARGIN_MS ||
    now.getTime() > row.o.endsAt.getTime() + SIGN_IN_MARGIN_MS
  ) {
    throw new NotFoundError(NOT_FOUND);
  }
  const host = row.o.hostId ? db.select().from(users).where(eq(users.id, row.o.hostId)).get() : undefined;
  return {
    openHouse: row.o,
    address: row.address ?? "",
    host: host ? { name: fullName(host) || host.email, license: host.licenseNumber } : null,
  };
}

/** Who a sign-in is, as SQL reads a row: the e-mail (lower case), else the phone, else the name (lower case). */
const VISITOR_KEY = sql`coalesce(nullif(lower(${openHouseVisitors.email}), ''), nullif(${openHouseVisitors.phone}, ''), lower(${openHouseVisitors.name}))`;
/** The same of a sign-in to come (SQLite's lower() folds ASCII only, as this does for the e-mail, which is ASCII). */
const visitorKeyOf = (v: Pick<VisitorInput, "email" | "phone" | "name">) =>
  v.email ? v.email.toLowerCase() : v.phone ? v.phone : v.name.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * `POST /api/open-houses/{token}/visitors` and the door's form: one visitor signed in. Without an agent: a lead routed
 * to the host (drip e-mails only when they asked for similar homes and gave an e-mail); the same e-mail or phone at
 * this home again: one lead, with a new event. With an agent: recorded for the seller, not a lead.
 */
export function signInVisitor(db: Db, token: string, input: VisitorInput, now = new Date()) {
  const door = openHouseAtDoor(db, token, now);
  const o = door.openHouse;
  // The visitor, their lead and the link between them are written together, or not at all.
  return db.transaction((tx) => {
    let submissionId: number | null = null;
    if (!input.hasAgent) {
      const earlier = tx
        .select({ id: contactSubmissions.id })
        .from(contactSubmissions)
        .where(
          and(
            eq(contactSubmissions.homeTransactionId, o.transactionId),
            eq(contactSubmissions.source, "open house"),
            // The same person: the same e-mail; without one, the same phone and no e-mail on the earlier sign-in (two
            // visitors who share a phone but give different e-mails are two people).
            input.email
              ? eq(contactSubmissions.email, input.email)
              : and(eq(contactSubmissions.phone, input.phone ?? ""), eq(contactSubmissions.email, "")),
          ),
        )
        .get();
      if (earlier) {
        submissionId = earlier.id;
        tx.insert(leadEvents)
          .values({
            contactSubmissionId: earlier.id,
            type: "open_house_visit",
            detail: `Signed in again at the open house of ${door.address}`,
            createdAt: now,
          })
          .run();
      }
    }
    // One who signed in before at an open house of this home (the same e-mail, else phone, else name): a sign-in
    // again, not another visitor. Over this home's own visitors.
    const repeatVisit = Boolean(
      tx
        .select({ id: openHouseVisitors.id })
        .from(openHouseVisitors)
        .innerJoin(openHouses, eq(openHouses.id, openHouseVisitors.openHouseId))
        .where(and(eq(openHouses.transactionId, o.transactionId), sql`${VISITOR_KEY} = ${visitorKeyOf(input)}`))
        .limit(1)
        .get(),
    );
    const visitor = tx
      .insert(openHouseVisitors)
      .values({
        repeatVisit,
        openHouseId: o.id,
        name: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
        hasAgent: input.hasAgent,
        agentName: input.hasAgent ? (input.agentName ?? null) : null,
        wantsSimilar: input.wantsSimilar,
        submissionId,
        createdAt: now,
      })
      .returning()
      .get();
    if (input.hasAgent || submissionId !== null) return visitor;
    // A first-time visitor without an agent: a lead routed to the host (no consultation drips: they asked for none);
    // "similar homes" with an e-mail joins the listing's own "Homes like" campaign.
    const [firstName, ...rest] = input.name.split(/\s+/);
    const home = { transactionId: o.transactionId, source: "open house" as const, address: door.address };
    submitContact(
      tx,
      {
        firstName: firstName || input.name,
        lastName: rest.join(" "),
        email: input.email ?? "",
        phone: input.phone ?? "",
        message: input.wantsSimilar
          ? "Signed in at the open house; asked for similar homes"
          : "Signed in at the open house",
      },
      now,
      { toAgentId: o.hostId ?? undefined, enroll: false, welcome: false, home },
      (inner, lead) => {
        if (input.wantsSimilar && input.email) enrollSimilarHomes(inner, lead, home, now);
        inner
          .update(openHouseVisitors)
          .set({ submissionId: lead.id })
          .where(eq(openHouseVisitors.id, visitor.id))
          .run();
      },
    );
    return visitor;
  });
}

/** The sale's open houses that began from `from` to `to`, with their visitors counted (the seller's weekly summary). */
export function openHousesOfWeek(db: DbOrTx, transactionId: number, from: Date, to: Date) {
  const rows = db
    .select({ id: openHouses.id, start: openHouses.startsAt })
    .from(openHouses)
    .where(
      and(
        eq(openHouses.transactionId, transactionId),
        gte(openHouses.startsAt, from),
        lt(openHouses.startsAt, to),
        isNull(openHouses.cancelledAt),
      ),
    )
    .orderBy(asc(openHouses.startsAt))
    .all();
  const counts = visitorCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ start: r.start, ...(counts.get(r.id) ?? { visitors: 0, withAgent: 0 }) }));
}
