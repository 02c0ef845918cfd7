/**
 * Offers (app/lib/offer-rules.ts, app/models/offer*.server.ts): every move from every status (a table of
 * what is allowed and what is refused), a side never countering or accepting its own round, only the
 * latest round accepted, the multiple counter's final signature, one accepted offer, expiry with an
 * injected clock, an acceptance filling in the contract, and an offer's net equal to the net sheet's
 * estimate of the same inputs.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { agreements, type User } from "~/db/schema";
import { OFFER_MOVES, OFFER_STATUSES, type OfferMove, type OfferStatus } from "~/domain/enums";
import { estimate, type SellerInputs } from "~/lib/estimate";
import { sellerInputsSchema } from "~/lib/estimate-schema";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import {
  allowedMoves,
  decide,
  defaultExpiry,
  requestFor,
  type MoveActor,
  type MoveContext,
  type OfferLike,
} from "~/lib/offer-rules";
import { parseExpiry } from "~/lib/offer-schema";
import { addDaysTo } from "~/lib/plain-date";
import { getContract } from "~/models/contract.server";
import { createEstimate } from "~/models/estimate.server";
import { createSavedHome } from "~/models/saved-home.server";
import { applyOfferEvent, expireOffers } from "~/models/offer-moves.server";
import { createOffer, getOffer, listOffers, offerNet } from "~/models/offer.server";
import { figuresFor } from "~/models/seller-figures.server";
import { agencyCosts } from "~/models/settings.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { insertSignedBuyerAgreement } from "../signed-agreement";
import { freshDb } from "./db";

const buyerRound = { id: 1, number: 1, by: "buyer" as const, multiple: false };
const sellerCounter = { id: 2, number: 2, by: "seller" as const, multiple: false };
const STAFF: MoveActor = { id: "staff-1", staff: true };
const CLIENT: MoveActor = { id: "client-1", staff: false };
const NOW = new Date("2026-12-01T20:00:00Z");
const OPEN: MoveContext = { acceptedExists: false, now: NOW };
const BEHIND_ACCEPTED: MoveContext = { acceptedExists: true, now: NOW };
const offerOf = (fields: Partial<OfferLike> & Pick<OfferLike, "status">): OfferLike => ({
  rounds: [buyerRound],
  rejectedByOfferId: null,
  expiresAt: null,
  shared: true,
  createdBy: CLIENT.id,
  ...fields,
});

/**
 * What each move does from each status (an offer whose latest round is the buyer's, no other offer
 * accepted), "409" when refused. A backup exists only behind an accepted offer: see below.
 */
const EXPECTED: Record<OfferStatus, Partial<Record<OfferMove, OfferStatus>>> = {
  requested: { submit: "submitted", withdraw: "withdrawn" },
  submitted: { counter: "countered", accept: "accepted", reject: "rejected", withdraw: "withdrawn", wish: "submitted" },
  received: { counter: "countered", accept: "accepted", reject: "rejected", withdraw: "withdrawn", wish: "received" },
  countered: { counter: "countered", accept: "accepted", reject: "rejected", withdraw: "withdrawn", wish: "countered" },
  awaiting_final_signature: {
    final_signature: "accepted",
    reject: "rejected",
    withdraw: "withdrawn",
    wish: "awaiting_final_signature",
  },
  accepted: { cancel: "cancelled" },
  rejected: {},
  withdrawn: {},
  expired: {},
  backup: { accept: "accepted", reject: "rejected", withdraw: "withdrawn" },
  cancelled: {},
};

describe("the moves of an offer, from every status", () => {
  for (const status of OFFER_STATUSES) {
    for (const type of OFFER_MOVES) {
      const expected = type === "share" || type === "unshare" ? status : EXPECTED[status][type];
      const actor = type === "wish" ? CLIENT : STAFF;
      it(`${status} + ${type} → ${expected ?? "409"}`, () => {
        const offer = offerOf({ status });
        const verdict = decide(offer, requestFor(offer, type), actor, OPEN);
        if (expected) expect(verdict).toEqual({ ok: true, status: expected });
        else
          expect(verdict).toMatchObject({
            ok: false,
            message: expect.stringMatching(/^(This offer .+: it .+|The buyer accepted .+)\.$/),
          });
      });
    }
  }

  it("a backup only behind an accepted offer: with none accepted, putting an offer in backup is a 409", () => {
    for (const status of ["submitted", "received", "countered", "awaiting_final_signature"] as const) {
      expect(decide(offerOf({ status }), { type: "backup" }, STAFF, OPEN)).toMatchObject({
        ok: false,
        message: expect.stringContaining("cannot be a backup while no offer is accepted"),
      });
      expect(decide(offerOf({ status }), { type: "backup" }, STAFF, BEHIND_ACCEPTED)).toEqual({
        ok: true,
        status: "backup",
      });
    }
  });

  it("the client answers with a wish and withdraws only their own request; staff never wish (403s)", () => {
    expect(decide(offerOf({ status: "received" }), { type: "accept" }, CLIENT, OPEN)).toMatchObject({
      ok: false,
      forbidden: true,
    });
    expect(decide(offerOf({ status: "received" }), { type: "wish" }, STAFF, OPEN)).toMatchObject({
      ok: false,
      forbidden: true,
    });
    expect(decide(offerOf({ status: "requested" }), { type: "withdraw" }, CLIENT, OPEN)).toEqual({
      ok: true,
      status: "withdrawn",
    });
    expect(
      decide(offerOf({ status: "requested", createdBy: "someone-else" }), { type: "withdraw" }, CLIENT, OPEN),
    ).toMatchObject({ ok: false, forbidden: true });
  });

  it("a side never counters or accepts its own round", () => {
    const offer = offerOf({ status: "countered", rounds: [buyerRound, sellerCounter] });
    expect(decide(offer, { type: "counter", by: "seller", multiple: false }, STAFF, OPEN)).toEqual({
      ok: false,
      message: "The seller cannot counter their own round: the buyer answers it.",
    });
    expect(decide(offer, { type: "accept", by: "seller" }, STAFF, OPEN)).toEqual({
      ok: false,
      message: "The seller cannot accept their own round: the buyer answers it.",
    });
    expect(decide(offer, { type: "accept" }, STAFF, OPEN)).toEqual({ ok: true, status: "accepted" });
  });

  it("a counter rejects what it answers: only the latest round can be accepted", () => {
    const offer = offerOf({ status: "countered", rounds: [buyerRound, sellerCounter] });
    expect(decide(offer, { type: "accept", roundId: 1, by: "seller" }, STAFF, OPEN)).toEqual({
      ok: false,
      message:
        "That round was answered by a counter, which rejected it: only the latest round (round 2) can be accepted.",
    });
  });

  it("a buyer's acceptance of a multiple counter waits for the seller's final signature, from a backup too", () => {
    const multiple = { ...sellerCounter, multiple: true };
    const offer = offerOf({ status: "countered", rounds: [buyerRound, multiple] });
    expect(decide(offer, { type: "accept" }, STAFF, OPEN)).toEqual({ ok: true, status: "awaiting_final_signature" });
    // Even while another offer is accepted: the buyer's acceptance binds nobody yet.
    expect(decide(offer, { type: "accept" }, STAFF, BEHIND_ACCEPTED)).toMatchObject({ ok: true });
    // Put in backup, the accepted offer cancelled, then accepted: still only the seller's signature binds.
    const backup = { ...offer, status: "backup" as const };
    expect(decide(backup, { type: "accept" }, STAFF, OPEN)).toEqual({ ok: true, status: "awaiting_final_signature" });
    const awaiting = { ...offer, status: "awaiting_final_signature" as const };
    expect(decide(awaiting, { type: "final_signature" }, STAFF, BEHIND_ACCEPTED)).toMatchObject({ ok: false });
    expect(decide(awaiting, { type: "accept" }, STAFF, OPEN)).toMatchObject({
      ok: false,
      message: expect.stringContaining("final signature"),
    });
  });

  it("after the time to answer, accept, counter and final signature are 409 at once, whatever the tick did", () => {
    const past = new Date(NOW.getTime() - 60_000);
    const late = offerOf({ status: "received", expiresAt: past });
    for (const type of ["accept", "counter"] as const) {
      expect(decide(late, requestFor(late, type), STAFF, OPEN)).toEqual({
        ok: false,
        message: expect.stringMatching(/^This offer's time to answer ended Dec 1, 2026, 11:59 AM \(San Diego\)/),
      });
    }
    // Reject and withdraw stay possible; a time still running allows the acceptance.
    expect(decide(late, { type: "reject" }, STAFF, OPEN)).toEqual({ ok: true, status: "rejected" });
    const inTime = offerOf({ status: "received", expiresAt: new Date(NOW.getTime() + 60_000) });
    expect(decide(inTime, { type: "accept" }, STAFF, OPEN)).toEqual({ ok: true, status: "accepted" });
    const awaitingLate = offerOf({
      status: "awaiting_final_signature",
      rounds: [buyerRound, { ...sellerCounter, multiple: true }],
      expiresAt: past,
    });
    expect(decide(awaitingLate, { type: "final_signature" }, STAFF, OPEN)).toMatchObject({ ok: false });
  });

  it("the C.A.R. default time to answer: 5:00 PM San Diego time on the third calendar day, across a DST change", () => {
    // Made Tuesday 2026-12-01 at 9:15 PM San Diego (05:15 UTC the next day): due Friday Dec 4, 5:00 PM PST.
    expect(defaultExpiry(new Date("2026-12-02T05:15:00Z")).toISOString()).toBe("2026-12-05T01:00:00.000Z");
    // Made Friday 2026-03-06 (PST): due Monday March 9, 5:00 PM PDT (the clocks changed on Sunday the 8th).
    expect(defaultExpiry(new Date("2026-03-06T18:00:00Z")).toISOString()).toBe("2026-03-10T00:00:00.000Z");
  });

  it("one accepted offer a transaction; a rejected offer goes to backup only when an acceptance rejected it", () => {
    const offer = offerOf({ status: "received" });
    expect(decide(offer, { type: "accept" }, STAFF, BEHIND_ACCEPTED)).toEqual({
      ok: false,
      message: "This transaction already has an accepted offer: cancel it before accepting another.",
    });
    const displaced = offerOf({ status: "rejected", rejectedByOfferId: 9 });
    expect(decide(displaced, { type: "backup" }, STAFF, BEHIND_ACCEPTED)).toEqual({ ok: true, status: "backup" });
    expect(decide(displaced, { type: "accept" }, STAFF, OPEN)).toMatchObject({ ok: false });
  });

  it("the forms a person sees are the moves the rules allow them", () => {
    const offer = offerOf({ status: "received", shared: false });
    expect(allowedMoves(offer, STAFF, OPEN)).toEqual(["counter", "accept", "reject", "withdraw", "share"]);
    expect(allowedMoves({ ...offer, shared: true }, CLIENT, OPEN)).toEqual(["wish"]);
    expect(allowedMoves(offer, STAFF, BEHIND_ACCEPTED)).toEqual(["counter", "reject", "withdraw", "backup", "share"]);
  });
});

describe("offers on transactions", () => {
  const state = {} as {
    db: Db;
    admin: User;
    seller: User;
    buyer: User;
    other: User;
    sale: number;
    purchase: number;
    buyerAgreement: number;
  };
  const db = () => state.db;
  const NOW = new Date("2026-12-01T18:00:00Z");
  const terms = (price: number, more: Record<string, unknown> = {}) => ({
    price: String(price),
    financing: "conventional",
    downPaymentPercent: "20",
    deposit: "25,000",
    closeOfEscrowDays: "30",
    contingencies: { investigation: "17", appraisal: "17", loan: "21" },
    ...more,
  });

  beforeEach(() => {
    state.db = freshDb();
    state.admin = upsertUserFromClaims(state.db, { email: "boss@agency.test", firstName: "Alex" }, [
      "boss@agency.test",
    ]);
    state.seller = upsertUserFromClaims(state.db, { email: "seller@example.com" });
    state.buyer = upsertUserFromClaims(state.db, { email: "buyer@example.com" });
    state.other = upsertUserFromClaims(state.db, { email: "other@example.com" });
    const open = (email: string, type: "selling" | "buying") =>
      createTransaction(
        state.db,
        state.admin,
        { email, type, propertyAddress: "12 Main St, San Diego, CA", homeValue: "850000" },
        { notify: false },
      ).id;
    state.sale = open(state.seller.email, "selling");
    state.purchase = open(state.buyer.email, "buying");
    state.buyerAgreement = insertSignedBuyerAgreement(
      state.db,
      { id: state.purchase, userId: state.buyer.id },
      { startsOn: "2026-11-15", endsOn: "2027-02-15" },
    );
  });

  const receive = (price: number, more: Record<string, unknown> = {}) =>
    createOffer(db(), state.admin, state.sale, { buyerName: `Buyer ${price}`, ...terms(price), ...more }, NOW);

  it("staff record offers; the client sees only shared ones, others nothing", () => {
    const hidden = receive(840_000);
    const shared = receive(860_000, { shared: true });
    expect(hidden.status).toBe("received");
    expect(listOffers(db(), state.admin, state.sale, NOW).map((o) => o.id)).toEqual([hidden.id, shared.id]);
    expect(listOffers(db(), state.seller, state.sale, NOW).map((o) => o.id)).toEqual([shared.id]);
    expect(() => getOffer(db(), state.seller, hidden.id)).toThrow(NotFoundError);
    expect(() => getOffer(db(), state.other, shared.id)).toThrow(NotFoundError);
    expect(() => listOffers(db(), state.other, state.sale)).toThrow(NotFoundError);
    expect(() => createOffer(db(), state.seller, state.sale, terms(1), NOW)).toThrow(ForbiddenError);
    expect(() => createOffer(db(), state.admin, state.sale, terms(850_000), NOW)).toThrow(InvalidInputError);
    expect(() => createOffer(db(), state.admin, state.sale, { buyerName: "x", price: "-5" }, NOW)).toThrow(
      InvalidInputError,
    );
  });

  it("an offer's net is the net sheet's estimate of its terms and the transaction's saved estimate", () => {
    createEstimate(db(), state.seller, state.sale, {
      name: "at $850,000",
      inputs: { price: "850000", loanPayoffs: "400,000", annualPropertyTax: "9000" },
    });
    const offer = receive(870_000, { sellerCredit: "5000", buyerAgentPay: "21,750", closeOfEscrowDays: "21" });
    const base = figuresFor(db(), state.sale, "2026-12-01").figures;
    expect(base.loanPayoffs).toBe(40_000_000);
    const inputs: SellerInputs = {
      ...sellerInputsSchema("2026-12-01").parse({
        side: "seller",
        price: "870000",
        loanPayoffs: "400000",
        annualPropertyTax: "9000",
        sellerCredit: "5000",
        buyerAgentPay: "21750",
        closingDate: addDaysTo("2026-12-01", 21),
      }),
    };
    const expected = estimate(inputs, agencyCosts(db()));
    expect(expected.side).toBe("seller");
    expect(offer.net).toBe(expected.side === "seller" ? expected.totals.net : null);
    expect(offerNet(base, offer.latest, "2026-12-01", agencyCosts(db()))).toBe(offer.net);
  });

  it("a counter, an earlier round's acceptance refused, the latest accepted: the contract and key dates follow", () => {
    const offer = receive(840_000, {
      shared: true,
      contingencies: { investigation: "10", appraisal: "0", loan: "21" },
    });
    const countered = applyOfferEvent(
      db(),
      state.admin,
      offer.id,
      { type: "counter", by: "seller", terms: { price: "855000" } },
      NOW,
    );
    expect(countered.status).toBe("countered");
    expect(countered.rounds.map((r) => [r.by, r.priceCents, r.investigationDays])).toEqual([
      ["buyer", 84_000_000, 10],
      ["seller", 85_500_000, 10],
    ]);
    const first = countered.rounds[0]!.id;
    expect(() =>
      applyOfferEvent(db(), state.admin, offer.id, { type: "accept", roundId: String(first), by: "seller" }, NOW),
    ).toThrow(ConflictError);
    expect(getOffer(db(), state.admin, offer.id).status).toBe("countered");
    // The client's wish is shown; only staff record the binding answer.
    const wished = applyOfferEvent(db(), state.seller, offer.id, { type: "wish", wish: "accept" }, NOW);
    expect(wished).toMatchObject({ wish: "accept", status: "countered" });
    expect(() => applyOfferEvent(db(), state.seller, offer.id, { type: "accept" }, NOW)).toThrow(ForbiddenError);
    const other = receive(830_000);
    const accepted = applyOfferEvent(db(), state.admin, offer.id, { type: "accept", acceptedOn: "2026-12-02" }, NOW);
    expect(accepted).toMatchObject({ status: "accepted", acceptedOn: "2026-12-02" });
    expect(getOffer(db(), state.admin, other.id)).toMatchObject({ status: "rejected", rejectedByOfferId: offer.id });
    const contract = getContract(db(), state.seller, state.sale);
    expect(contract).toMatchObject({ acceptedOn: "2026-12-02", closingOn: addDaysTo("2026-12-02", 30) });
    const byKey = Object.fromEntries(contract.deadlines.map((d) => [d.key, d]));
    expect(byKey.investigation_contingency).toMatchObject({ dueOn: "2026-12-14", status: "open" });
    expect(byKey.appraisal_contingency!.status).toBe("waived");
    expect(byKey.loan_contingency!.rule.days).toBe(21);
    // A second acceptance waits until the first is cancelled; a displaced offer may be a backup.
    applyOfferEvent(db(), state.admin, other.id, { type: "backup" }, NOW);
    expect(() => applyOfferEvent(db(), state.admin, other.id, { type: "accept" }, NOW)).toThrow(ConflictError);
    applyOfferEvent(db(), state.admin, offer.id, { type: "cancel" }, NOW);
    expect(applyOfferEvent(db(), state.admin, other.id, { type: "accept" }, NOW).status).toBe("accepted");
    // The history was written, never edited.
    const events = getOffer(db(), state.admin, offer.id).events.map((e) => [e.type, e.actorRole]);
    expect(events).toEqual([
      ["create", "staff"],
      ["counter", "staff"],
      ["wish", "client"],
      ["accept", "staff"],
      ["cancel", "staff"],
    ]);
    expect(() => db().$client.prepare("UPDATE offer_events SET note = 'x'").run()).toThrow(/never edited/);
  });

  it("a multiple counter accepted by two buyers binds only the one the seller signs", () => {
    const a = receive(840_000, { shared: true });
    const b = receive(845_000, { shared: true });
    for (const o of [a, b]) {
      applyOfferEvent(
        db(),
        state.admin,
        o.id,
        { type: "counter", by: "seller", multiple: true, terms: { price: "860000" } },
        NOW,
      );
      expect(applyOfferEvent(db(), state.admin, o.id, { type: "accept", by: "buyer" }, NOW).status).toBe(
        "awaiting_final_signature",
      );
    }
    expect(() =>
      applyOfferEvent(db(), state.admin, a.id, { type: "counter", by: "buyer", multiple: true }, NOW),
    ).toThrow(ConflictError);
    expect(applyOfferEvent(db(), state.admin, b.id, { type: "final_signature" }, NOW).status).toBe("accepted");
    expect(getOffer(db(), state.admin, a.id).status).toBe("rejected");
    expect(() => applyOfferEvent(db(), state.admin, a.id, { type: "final_signature" }, NOW)).toThrow(ConflictError);
  });

  it("a purchase's offer needs the buyer's agreement in force: 409 with the link to sign it, and after its end", () => {
    const home = createSavedHome(db(), state.buyer, {
      address: "9 Ocean Ave, San Diego, CA",
      price: "900000",
    } as never);
    const offer = () =>
      createOffer(db(), state.buyer, state.purchase, { listingId: String(home.id), ...terms(880_000) }, NOW);
    db().update(agreements).set({ status: "voided" }).where(eq(agreements.id, state.buyerAgreement)).run();
    expect(offer).toThrow(/Sign your buyer representation agreement first/);
    try {
      offer();
    } catch (error) {
      expect((error as ConflictError).link).toBe("/client-portal#agreements");
    }
    insertSignedBuyerAgreement(
      db(),
      { id: state.purchase, userId: state.buyer.id },
      { startsOn: "2026-08-01", endsOn: "2026-11-01" },
    );
    expect(offer).toThrow(ConflictError);
    insertSignedBuyerAgreement(
      db(),
      { id: state.purchase, userId: state.buyer.id },
      { startsOn: "2026-12-01", endsOn: "2027-03-01" },
    );
    expect(offer().status).toBe("requested");
  });

  it("a buying client requests an offer on a saved home; one open offer a home; they may withdraw it", () => {
    const home = createSavedHome(db(), state.buyer, {
      address: "9 Ocean Ave, San Diego, CA",
      price: "900000",
    } as never);
    const requested = createOffer(
      db(),
      state.buyer,
      state.purchase,
      { listingId: String(home.id), ...terms(880_000) },
      NOW,
    );
    expect(requested).toMatchObject({
      status: "requested",
      shared: true,
      listingAddress: "9 Ocean Ave, San Diego, CA",
    });
    expect(() =>
      createOffer(db(), state.buyer, state.purchase, { listingId: String(home.id), ...terms(890_000) }, NOW),
    ).toThrow(ConflictError);
    const foreign = createSavedHome(db(), state.other, { address: "1 Elsewhere", price: "1" } as never);
    expect(() =>
      createOffer(db(), state.buyer, state.purchase, { listingId: String(foreign.id), ...terms(1) }, NOW),
    ).toThrow(InvalidInputError);
    expect(() => applyOfferEvent(db(), state.buyer, requested.id, { type: "submit" }, NOW)).toThrow(ForbiddenError);
    const submitted = applyOfferEvent(db(), state.admin, requested.id, { type: "submit" }, NOW);
    expect(submitted.status).toBe("submitted");
    expect(() => applyOfferEvent(db(), state.buyer, requested.id, { type: "withdraw" }, NOW)).toThrow(ForbiddenError);
    applyOfferEvent(
      db(),
      state.admin,
      requested.id,
      { type: "counter", by: "seller", terms: { price: "895000" } },
      NOW,
    );
    const accepted = applyOfferEvent(db(), state.admin, requested.id, { type: "accept" }, NOW);
    expect(accepted.status).toBe("accepted");
    const transaction = db()
      .$client.prepare("select property_address, home_value_cents from transactions where id = ?")
      .get(state.purchase);
    expect(transaction).toEqual({ property_address: "9 Ocean Ave, San Diego, CA", home_value_cents: 89_500_000 });
  });

  it("an offer or counter recorded without a time to answer gets 5:00 PM on the third day, and expires after it", () => {
    // NOW is Tuesday 2026-12-01, 10:00 AM San Diego: due Friday Dec 4, 5:00 PM PST (01:00 UTC on the 5th).
    const offer = receive(840_000, { shared: true });
    expect(offer.expiresAt?.toISOString()).toBe("2026-12-05T01:00:00.000Z");
    expect(offer.latest.expiresAt?.toISOString()).toBe("2026-12-05T01:00:00.000Z");
    const countered = applyOfferEvent(
      db(),
      state.admin,
      offer.id,
      { type: "counter", by: "seller", terms: { price: "860000" } },
      new Date("2026-12-02T18:00:00Z"),
    );
    expect(countered.expiresAt?.toISOString()).toBe("2026-12-06T01:00:00.000Z");
    expect(expireOffers(db(), new Date("2026-12-06T00:59:00Z"))).toBe(0);
    expect(expireOffers(db(), new Date("2026-12-06T01:00:00Z"))).toBe(1);
    expect(getOffer(db(), state.admin, offer.id).status).toBe("expired");
  });

  it("an acceptance or counter after the time to answer is a 409 at once, before the tick marks it", () => {
    const offer = receive(840_000, { expiresAt: "2026-12-02T17:00" });
    const late = new Date("2026-12-03T01:00:01Z");
    expect(() => applyOfferEvent(db(), state.admin, offer.id, { type: "accept" }, late)).toThrow(
      "This offer's time to answer ended Dec 2, 2026, 5:00 PM (San Diego): it can no longer be accepted.",
    );
    expect(() =>
      applyOfferEvent(db(), state.admin, offer.id, { type: "counter", terms: { price: "1" } }, late),
    ).toThrow(ConflictError);
    expect(getOffer(db(), state.admin, offer.id)).toMatchObject({ status: "received", rounds: [{ number: 1 }] });
  });

  it("a multiple counter the buyer accepted in time waits for the seller's final signature without expiring", () => {
    const offer = receive(840_000, { shared: true });
    applyOfferEvent(
      db(),
      state.admin,
      offer.id,
      { type: "counter", by: "seller", multiple: true, terms: { price: "860000", expiresAt: "2026-12-02T17:00" } },
      NOW,
    );
    const awaiting = applyOfferEvent(db(), state.admin, offer.id, { type: "accept", by: "buyer" }, NOW);
    expect(awaiting).toMatchObject({ status: "awaiting_final_signature", expiresAt: null });
    // The round keeps the time it was written with; the tick passes the offer by.
    expect(awaiting.latest.expiresAt?.toISOString()).toBe("2026-12-03T01:00:00.000Z");
    expect(expireOffers(db(), new Date("2026-12-10T00:00:00Z"))).toBe(0);
    const signed = applyOfferEvent(
      db(),
      state.admin,
      offer.id,
      { type: "final_signature" },
      new Date("2026-12-04T18:00:00Z"),
    );
    expect(signed.status).toBe("accepted");
  });

  it("a backup only behind an accepted offer; a backed-up multiple counter accepted again awaits the final signature", () => {
    const a = receive(840_000);
    const b = receive(845_000);
    expect(() => applyOfferEvent(db(), state.admin, a.id, { type: "backup" }, NOW)).toThrow(
      "This offer is waiting for the seller's answer: it cannot be a backup while no offer is accepted.",
    );
    applyOfferEvent(db(), state.admin, b.id, { type: "counter", by: "seller", multiple: true }, NOW);
    applyOfferEvent(db(), state.admin, a.id, { type: "accept" }, NOW);
    const backup = applyOfferEvent(db(), state.admin, b.id, { type: "backup" }, NOW);
    expect(backup).toMatchObject({ status: "backup", backupPosition: 1, expiresAt: null });
    applyOfferEvent(db(), state.admin, a.id, { type: "cancel" }, NOW);
    expect(applyOfferEvent(db(), state.admin, b.id, { type: "accept", by: "buyer" }, NOW).status).toBe(
      "awaiting_final_signature",
    );
    expect(applyOfferEvent(db(), state.admin, b.id, { type: "final_signature" }, NOW).status).toBe("accepted");
  });

  it("a purchase accepted leaves the client's other offers open until staff record each withdrawal, e-mailed", () => {
    const home = (address: string) => createSavedHome(db(), state.buyer, { address, price: "900000" } as never).id;
    const make = (listing: number, agentEmail?: string) =>
      createOffer(
        db(),
        state.admin,
        state.purchase,
        { listingId: String(listing), shared: true, ...terms(880_000), ...(agentEmail ? { agentEmail } : {}) },
        NOW,
      );
    const first = make(home("1 First St"));
    const second = make(home("2 Second St"), "listing.two@brokerage.test");
    const third = make(home("3 Third St"));
    applyOfferEvent(db(), state.admin, first.id, { type: "accept" }, NOW);
    // Nobody withdrew the others: they stay open.
    expect(listOffers(db(), state.buyer, state.purchase, NOW).map((o) => [o.id, o.status])).toEqual([
      [first.id, "accepted"],
      [second.id, "submitted"],
      [third.id, "submitted"],
    ]);
    const mails = () =>
      db()
        .$client.prepare("select to_address, subject, reply_to from email_outbox where kind = 'offer' order by id")
        .all() as Array<{ to_address: string; subject: string; reply_to: string | null }>;
    const before = mails().length;
    const withdrawn = applyOfferEvent(db(), state.admin, second.id, { type: "withdraw" }, NOW);
    expect(withdrawn.status).toBe("withdrawn");
    expect(mails().slice(before)).toEqual([
      { to_address: "buyer@example.com", subject: "Offer withdrawn: 2 Second St", reply_to: null },
      {
        to_address: "listing.two@brokerage.test",
        subject: "Offer withdrawn: 2 Second St",
        reply_to: "boss@agency.test",
      },
    ]);
    // The third's listing agent is given with the withdrawal itself; a bad address changes nothing.
    expect(() =>
      applyOfferEvent(db(), state.admin, third.id, { type: "withdraw", agentEmail: "not an address" }, NOW),
    ).toThrow(InvalidInputError);
    expect(getOffer(db(), state.admin, third.id).status).toBe("submitted");
    applyOfferEvent(db(), state.admin, third.id, { type: "withdraw", agentEmail: "Three@Brokerage.test" }, NOW);
    expect(mails().at(-1)).toMatchObject({ to_address: "three@brokerage.test" });
    expect(getOffer(db(), state.admin, third.id)).toMatchObject({
      status: "withdrawn",
      agentEmail: "three@brokerage.test",
    });
  });

  it("an offer whose time runs out expires at the tick, and the client and staff are told", () => {
    const expiresAt = "2026-12-03T17:00";
    const offer = receive(840_000, { shared: true, expiresAt });
    expect(getOffer(db(), state.admin, offer.id).expiresAt).toEqual(parseExpiry(expiresAt));
    const mail = () =>
      db().$client.prepare("select count(*) from email_outbox where kind = 'offer'").pluck().get() as number;
    const before = mail();
    expect(expireOffers(db(), new Date("2026-12-04T00:59:00Z"))).toBe(0);
    expect(expireOffers(db(), new Date("2026-12-04T01:00:00Z"))).toBe(1);
    expect(getOffer(db(), state.admin, offer.id)).toMatchObject({ status: "expired" });
    expect(mail()).toBeGreaterThanOrEqual(before + 2);
    expect(expireOffers(db(), new Date("2026-12-05T00:00:00Z"))).toBe(0);
    expect(() => applyOfferEvent(db(), state.admin, offer.id, { type: "accept" }, NOW)).toThrow(
      "This offer expired: it can no longer be accepted.",
    );
  });
});
