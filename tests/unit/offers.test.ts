/**
 * Offers (app/lib/offer-rules.ts, app/models/offer*.server.ts): every move from every status (a table of
 * what is allowed and what is refused), a side never countering or accepting its own round, only the
 * latest round accepted, the multiple counter's final signature, one accepted offer, expiry with an
 * injected clock, an acceptance filling in the contract, and an offer's net equal to the net sheet's
 * estimate of the same inputs.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { OFFER_MOVES, OFFER_STATUSES, type OfferMove, type OfferStatus } from "~/domain/enums";
import { estimate, type SellerInputs } from "~/lib/estimate";
import { sellerInputsSchema } from "~/lib/estimate-schema";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { decide, type MoveRequest, type OfferLike } from "~/lib/offer-rules";
import { parseExpiry } from "~/lib/offer-schema";
import { addDaysTo } from "~/lib/plain-date";
import { getContract } from "~/models/contract.server";
import { createEstimate } from "~/models/estimate.server";
import { createListing } from "~/models/listing.server";
import { applyOfferEvent, expireOffers } from "~/models/offer-moves.server";
import { createOffer, getOffer, listOffers, netBase, offerNet } from "~/models/offer.server";
import { escrowRates } from "~/models/settings.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { freshDb } from "./db";

const buyerRound = { id: 1, number: 1, by: "buyer" as const, multiple: false };
const sellerCounter = { id: 2, number: 2, by: "seller" as const, multiple: false };

/** What each move does from each status (an offer whose latest round is the buyer's), "409" when refused. */
const EXPECTED: Record<OfferStatus, Partial<Record<OfferMove, OfferStatus>>> = {
  requested: { submit: "submitted", withdraw: "withdrawn" },
  submitted: {
    counter: "countered",
    accept: "accepted",
    reject: "rejected",
    withdraw: "withdrawn",
    backup: "backup",
    wish: "submitted",
  },
  received: {
    counter: "countered",
    accept: "accepted",
    reject: "rejected",
    withdraw: "withdrawn",
    backup: "backup",
    wish: "received",
  },
  countered: {
    counter: "countered",
    accept: "accepted",
    reject: "rejected",
    withdraw: "withdrawn",
    backup: "backup",
    wish: "countered",
  },
  awaiting_final_signature: {
    final_signature: "accepted",
    reject: "rejected",
    withdraw: "withdrawn",
    backup: "backup",
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
  const moveOf = (type: OfferMove): MoveRequest =>
    type === "counter" ? { type, by: "seller", multiple: false } : type === "accept" ? { type } : { type };
  for (const status of OFFER_STATUSES) {
    for (const type of OFFER_MOVES) {
      const expected = type === "share" || type === "unshare" ? status : EXPECTED[status][type];
      it(`${status} + ${type} → ${expected ?? "409"}`, () => {
        const offer: OfferLike = { status, rounds: [buyerRound], rejectedByOfferId: null };
        const verdict = decide(offer, moveOf(type), { acceptedExists: false });
        if (expected) expect(verdict).toEqual({ ok: true, status: expected });
        else
          expect(verdict).toMatchObject({
            ok: false,
            message: expect.stringMatching(/^(This offer .+: it .+|The buyer accepted .+)\.$/),
          });
      });
    }
  }

  it("a side never counters or accepts its own round", () => {
    const offer: OfferLike = { status: "countered", rounds: [buyerRound, sellerCounter], rejectedByOfferId: null };
    expect(decide(offer, { type: "counter", by: "seller", multiple: false }, { acceptedExists: false })).toEqual({
      ok: false,
      message: "The seller cannot counter their own round: the buyer answers it.",
    });
    expect(decide(offer, { type: "accept", by: "seller" }, { acceptedExists: false })).toEqual({
      ok: false,
      message: "The seller cannot accept their own round: the buyer answers it.",
    });
    expect(decide(offer, { type: "accept" }, { acceptedExists: false })).toEqual({ ok: true, status: "accepted" });
  });

  it("a counter rejects what it answers: only the latest round can be accepted", () => {
    const offer: OfferLike = { status: "countered", rounds: [buyerRound, sellerCounter], rejectedByOfferId: null };
    expect(decide(offer, { type: "accept", roundId: 1, by: "seller" }, { acceptedExists: false })).toEqual({
      ok: false,
      message:
        "That round was answered by a counter, which rejected it: only the latest round (round 2) can be accepted.",
    });
  });

  it("a buyer's acceptance of a multiple counter waits for the seller's final signature", () => {
    const multiple = { ...sellerCounter, multiple: true };
    const offer: OfferLike = { status: "countered", rounds: [buyerRound, multiple], rejectedByOfferId: null };
    expect(decide(offer, { type: "accept" }, { acceptedExists: false })).toEqual({
      ok: true,
      status: "awaiting_final_signature",
    });
    // Even while another offer is accepted: the buyer's acceptance binds nobody yet.
    expect(decide(offer, { type: "accept" }, { acceptedExists: true })).toMatchObject({ ok: true });
    const awaiting = { ...offer, status: "awaiting_final_signature" as const };
    expect(decide(awaiting, { type: "final_signature" }, { acceptedExists: true })).toMatchObject({ ok: false });
    expect(decide(awaiting, { type: "accept" }, { acceptedExists: false })).toMatchObject({
      ok: false,
      message: expect.stringContaining("final signature"),
    });
  });

  it("one accepted offer a transaction; a rejected offer goes to backup only when an acceptance rejected it", () => {
    const offer: OfferLike = { status: "received", rounds: [buyerRound], rejectedByOfferId: null };
    expect(decide(offer, { type: "accept" }, { acceptedExists: true })).toEqual({
      ok: false,
      message: "This transaction already has an accepted offer: cancel it before accepting another.",
    });
    const displaced: OfferLike = { status: "rejected", rounds: [buyerRound], rejectedByOfferId: 9 };
    expect(decide(displaced, { type: "backup" }, { acceptedExists: true })).toEqual({ ok: true, status: "backup" });
    expect(decide(displaced, { type: "accept" }, { acceptedExists: false })).toMatchObject({ ok: false });
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
    const base = netBase(
      db(),
      { ...offer, id: state.sale, type: "selling", homeValue: 850_000 } as never,
      "2026-12-01",
    );
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
    const expected = estimate(inputs, escrowRates(db()));
    expect(expected.side).toBe("seller");
    expect(offer.net).toBe(expected.side === "seller" ? expected.totals.net : null);
    expect(offerNet(base, offer.latest, "2026-12-01", escrowRates(db()))).toBe(offer.net);
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
    expect(countered.rounds.map((r) => [r.by, r.price, r.investigationDays])).toEqual([
      ["buyer", 840_000, 10],
      ["seller", 855_000, 10],
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

  it("a buying client requests an offer on a saved home; one open offer a home; they may withdraw it", () => {
    const home = createListing(db(), state.buyer, { address: "9 Ocean Ave, San Diego, CA", price: "900000" } as never);
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
    const foreign = createListing(db(), state.other, { address: "1 Elsewhere", price: "1" } as never);
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
      .$client.prepare("select property_address, home_value from transactions where id = ?")
      .get(state.purchase);
    expect(transaction).toEqual({ property_address: "9 Ocean Ave, San Diego, CA", home_value: 895_000 });
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
