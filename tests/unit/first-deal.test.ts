/**
 * The first real deal (docs/decisions/032-first-deal.md): one net for an offer (the seller's figures), a
 * percentage agent pay, an acceptance that says what became of the other offers, the milestones that move
 * with it, a lead that stops being marketed to once a client, an estimate request without the welcome, the
 * net sheet's usual costs, what is missing, the lines a page lists, the leads offered to an agent, the
 * transaction file's words and money, and the audit of what was created, sent and saved.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import {
  agencySettings,
  auditEvents,
  contactSubmissions,
  leadEngagement,
  leadNurturingCampaigns,
  leadNurturingEmails,
  transactionMilestones,
  transactions,
  type User,
} from "~/db/schema";
import { TransactionFileSummary } from "~/components/transaction-file-summary";
import { contactSchema } from "~/lib/contact-schema";
import { contractSchema } from "~/lib/contract-schema";
import { ConflictError, NotFoundError } from "~/lib/errors";
import { estimate, listedLines, missingSentence, payoffInterest, type SellerInputs } from "~/lib/estimate";
import { sellerInputsSchema } from "~/lib/estimate-schema";
import { addDaysTo } from "~/lib/plain-date";
import { saveContract } from "~/models/contract.server";
import { createEstimate, deleteEstimate, requestEstimate, updateEstimate } from "~/models/estimate.server";
import { submitContact } from "~/models/lead-intake.server";
import { postMessage } from "~/models/message.server";
import { applyOfferEvent } from "~/models/offer-moves.server";
import { createOffer, getOffer } from "~/models/offer.server";
import { offeredLeads } from "~/models/routing.server";
import { getSellerFigures, saveSellerFigures } from "~/models/seller-figures.server";
import { agencyCosts } from "~/models/settings.server";
import { createTransaction } from "~/models/transaction.server";
import { transactionFile } from "~/models/transaction-file.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { addAgent, freshDb, outboxWithContent } from "./db";

const NOW = new Date("2026-12-01T18:00:00Z");
const TODAY = "2026-12-01";
let db: Db;
let admin: User;
let seller: User;

const openSale = (email = "seller@example.com", more: Record<string, unknown> = {}) =>
  createTransaction(
    db,
    admin,
    { email, type: "selling", propertyAddress: "12 Main St, San Diego, CA", homeValue: "1175000", ...more },
    { notify: false, now: NOW },
  );

const terms = (price: number, more: Record<string, unknown> = {}) => ({
  buyerName: `Buyer ${price}`,
  price: String(price),
  financing: "conventional",
  downPaymentPercent: "20",
  deposit: "25,000",
  closeOfEscrowDays: "30",
  contingencies: { investigation: "17", appraisal: "17", loan: "21" },
  ...more,
});

const audit = (action: string) => db.select().from(auditEvents).where(eq(auditEvents.action, action)).all();

beforeEach(() => {
  db = freshDb();
  admin = upsertUserFromClaims(db, { email: "boss@agency.test", firstName: "Alex" }, ["boss@agency.test"]);
  seller = upsertUserFromClaims(db, { email: "seller@example.com" });
});

describe("one net for an offer: the seller's figures", () => {
  it("prefilled from the latest saved estimate, saved by the client, and every offer's net equals the estimate of its terms to the cent", () => {
    const sale = openSale().id;
    createEstimate(db, seller, sale, {
      name: "at $1,175,000",
      inputs: { price: "1175000", loanPayoffs: "520,000", annualPropertyTax: "6200" },
    });
    const prefilled = getSellerFigures(db, seller, sale, NOW);
    expect(prefilled.source).toBe("estimate");
    expect(prefilled.figures.loanPayoffs).toBe(52_000_000);

    const saved = saveSellerFigures(
      db,
      seller,
      sale,
      {
        loanPayoffs: "520,000",
        annualPropertyTax: "6,200",
        hoaDocuments: "450",
        hoaTransferFee: "300",
        otherCosts: [{ label: "Repairs", amount: "2,500" }],
        principalResidence: "true",
        ownerPolicy: "homeowners",
        closingDate: "2027-01-15",
      },
      NOW,
    );
    expect(saved.source).toBe("saved");
    expect(audit("seller_figures.update")).toHaveLength(1);

    const offer = createOffer(
      db,
      admin,
      sale,
      terms(1_175_000, { sellerCredit: "10,000", buyerAgentPay: "2.5%", closeOfEscrowDays: "45" }),
      NOW,
    );
    const inputs: SellerInputs = sellerInputsSchema(TODAY).parse({
      side: "seller",
      price: "1175000",
      loanPayoffs: "520000",
      annualPropertyTax: "6200",
      hoaDocuments: "450",
      hoaTransferFee: "300",
      otherCosts: [{ label: "Repairs", amount: "2500" }],
      principalResidence: "true",
      ownerPolicy: "homeowners",
      sellerCredit: "10000",
      buyerAgentPay: "2.5%",
      closingDate: addDaysTo(TODAY, 45),
    });
    const expected = estimate(inputs, agencyCosts(db));
    expect(expected.side === "seller" && expected.totals.net).toBe(offer.net);
    // 2.5 % of the price: $29,375.00.
    expect(expected.lines.find((l) => l.key === "buyerAgentPay")?.amount).toBe(2_937_500);
  });

  it("others get 404; a purchase has no seller figures", () => {
    const sale = openSale().id;
    const stranger = upsertUserFromClaims(db, { email: "stranger@example.com" });
    expect(() => getSellerFigures(db, stranger, sale, NOW)).toThrow(NotFoundError);
    expect(() => saveSellerFigures(db, stranger, sale, {}, NOW)).toThrow(NotFoundError);
    const purchase = createTransaction(
      db,
      admin,
      { email: "buyer@example.com", type: "buying", propertyAddress: "1 A St", homeValue: "500000" },
      { notify: false },
    ).id;
    expect(() => getSellerFigures(db, admin, purchase, NOW)).toThrow(NotFoundError);
  });
});

describe("an acceptance that tells everyone", () => {
  it("keeps the chosen offers as backups, rejects the rest with an audit event and an e-mail to each buyer's agent, and completes the steps to escrow", () => {
    const sale = openSale().id;
    expect(db.select().from(transactionMilestones).all()).toHaveLength(0);
    const [a, b, c] = [1_175_000, 1_160_000, 1_150_000].map((price, i) =>
      createOffer(db, admin, sale, terms(price, { agentEmail: `agent${i}@brokerage.test` }), NOW),
    );
    applyOfferEvent(
      db,
      admin,
      a!.id,
      { type: "accept", roundId: String(a!.latest.id), by: "seller", backups: [String(b!.id)] },
      NOW,
    );
    expect(getOffer(db, admin, b!.id).status).toBe("backup");
    expect(getOffer(db, admin, c!.id).status).toBe("rejected");
    expect(audit("offer.reject").map((e) => e.subjectId)).toEqual([String(c!.id)]);
    expect(audit("offer.backup").map((e) => e.subjectId)).toEqual([String(b!.id)]);
    const mail = outboxWithContent(db, "offer");
    expect(mail.find((m) => m.toAddress === "agent2@brokerage.test")?.subject).toMatch(/^Offer not accepted/);
    expect(mail.find((m) => m.toAddress === "agent1@brokerage.test")?.subject).toMatch(/^Backup offer 1/);
    // The milestones were set up and the steps up to escrow opened are done (selling: 1 to 8).
    const steps = db.select().from(transactionMilestones).where(eq(transactionMilestones.transactionId, sale)).all();
    expect(steps).toHaveLength(14);
    expect(steps.filter((s) => s.status === "completed").map((s) => s.stepNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("asks for a confirmation when the client's latest answer was something else", () => {
    const sale = openSale().id;
    const offer = createOffer(db, admin, sale, terms(1_100_000, { shared: true }), NOW);
    applyOfferEvent(db, seller, offer.id, { type: "wish", wish: "decline" }, NOW);
    const accept = { type: "accept", roundId: String(offer.latest.id), by: "seller" };
    expect(() => applyOfferEvent(db, admin, offer.id, accept, NOW)).toThrow(ConflictError);
    expect(getOffer(db, admin, offer.id).status).toBe("received");
    applyOfferEvent(db, admin, offer.id, { ...accept, confirmed: "true" }, NOW);
    expect(getOffer(db, admin, offer.id).status).toBe("accepted");
  });

  it("the New Transaction form sets up the milestones when asked", () => {
    const t = openSale("ready@example.com", { setUpMilestones: true });
    expect(
      db.select().from(transactionMilestones).where(eq(transactionMilestones.transactionId, t.id)).all(),
    ).toHaveLength(14);
  });
});

describe("a lead who becomes a client", () => {
  const lead = (email: string) =>
    contactSchema.parse({ firstName: "Dana", lastName: "Reyes", email, phone: "619 555 0100" });
  const campaign = (delays: number[]) => {
    const c = db
      .insert(leadNurturingCampaigns)
      .values({ name: "New", type: "general", isActive: true })
      .returning()
      .get();
    delays.forEach((delayDays, i) =>
      db
        .insert(leadNurturingEmails)
        .values({ campaignId: c.id, sequence: i + 1, subject: `E-mail ${i + 1}`, content: "Hello", delayDays })
        .run(),
    );
  };

  it("stops being marketed to and shares the agent with the transaction, without the lead being chosen", () => {
    campaign([0, 2, 7]);
    const agent = addAgent(db, admin, "Ada");
    const submission = submitContact(db, lead("dana@example.com"), NOW)!;
    db.update(contactSubmissions)
      .set({ assignedAgentId: agent.id })
      .where(eq(contactSubmissions.id, submission.id))
      .run();
    expect(db.select().from(leadEngagement).get()!.nextEmailDue).not.toBeNull();

    const t = openSale("Dana@Example.com");
    const engagement = db.select().from(leadEngagement).get()!;
    expect(engagement.status).toBe("converted");
    expect(engagement.nextEmailDue).toBeNull();
    expect(db.select().from(transactions).where(eq(transactions.id, t.id)).get()!.assignedAgentId).toBe(agent.id);
    expect(audit("transaction.create")).toHaveLength(1);
  });

  it("an unassigned lead takes the transaction's agent", () => {
    const agent = addAgent(db, admin, "Ada");
    const submission = submitContact(db, lead("lee@example.com"), NOW)!;
    createTransaction(
      db,
      { ...agent, isAgent: true },
      { email: "lee@example.com", type: "buying", propertyAddress: "1 A St", homeValue: "500000" },
      { notify: false },
    );
    const row = db.select().from(contactSubmissions).where(eq(contactSubmissions.id, submission.id)).get()!;
    expect(row.assignedAgentId).toBe(agent.id);
  });

  it("'Send me this estimate' sends the estimate with its lines, not the welcome; the campaign goes on from its next e-mail", () => {
    campaign([0, 2]);
    const inputs = sellerInputsSchema(TODAY).parse({ side: "seller", price: "850000", closingDate: "2027-01-15" });
    requestEstimate(db, lead("visitor@example.com"), inputs, "https://agency.test/net-sheet?price=850000", NOW);
    expect(outboxWithContent(db, "drip")).toHaveLength(0);
    const [sent] = outboxWithContent(db, "estimate");
    expect(sent!.textBody).toContain("County transfer tax");
    expect(sent!.textBody).toContain("This net is incomplete");
    const engagement = db.select().from(leadEngagement).get()!;
    expect(engagement.currentSequence).toBe(2);
    expect(engagement.nextEmailDue!.getTime() - NOW.getTime()).toBe(2 * 24 * 3600 * 1000);
  });
});

describe("the net sheet a seller expects", () => {
  const seller850 = (more: Record<string, unknown> = {}) =>
    sellerInputsSchema(TODAY).parse({ side: "seller", price: "850000", closingDate: "2027-01-15", ...more });

  it("says what is missing, lists no $0 line left blank, and keeps the payoffs apart from the costs", () => {
    const e = estimate(seller850({ loanPayoffs: "400,000" }));
    expect(e.missing).toEqual(["annualPropertyTax", "buyerAgentPay"]);
    expect(missingSentence(e)).toMatch(
      /^This net is incomplete: it leaves out the yearly property tax .* and the buyer's agent pay/,
    );
    const { costs, payoffs } = listedLines(e);
    expect(costs.map((l) => l.key)).not.toContain("hoaDocuments");
    expect(costs.map((l) => l.key)).not.toContain("buyerAgentPay");
    expect(payoffs.map((l) => l.key)).toEqual(["loanPayoffs"]);
    expect(e.side === "seller" && e.totals.costs).toBe(costs.reduce((sum, l) => sum + l.amount, 0));
    // Entered as 0, the buyer's agent pay is a line (the seller pays none) and no longer missing.
    const none = estimate(seller850({ buyerAgentPay: "0", annualPropertyTax: "9000" }));
    expect(none.missing).toEqual([]);
    expect(missingSentence(none)).toBeNull();
    expect(listedLines(none).costs.map((l) => l.key)).toContain("buyerAgentPay");
  });

  it("the payoff's interest from its rate and the closing date, and the agency's usual costs once the broker sets them", () => {
    // $400,000 at 6.5 % from the 1st to Jan 15: 15 days.
    expect(payoffInterest(40_000_000, 6_500, "2027-01-15")).toEqual({ cents: 106_849, days: 15 });
    const plain = estimate(seller850({ loanPayoffs: "400,000", payoffInterestRate: "6.5" }));
    expect(plain.lines.find((l) => l.key === "payoffInterest")?.amount).toBe(106_849);
    expect(plain.lines.map((l) => l.key)).not.toContain("notaryCourier");
    db.update(agencySettings)
      .set({
        reconveyancePerLoanCents: 15_000,
        notaryCourierCents: 20_000,
        nhdReportCents: 9_900,
        homeWarrantyCents: 55_000,
      })
      .where(eq(agencySettings.id, 1))
      .run();
    const withCosts = estimate(seller850({ loanPayoffs: "400,000", loansPaidOff: "2" }), agencyCosts(db));
    const amount = (key: string) => withCosts.lines.find((l) => l.key === key)?.amount;
    expect([amount("reconveyance"), amount("notaryCourier"), amount("nhdReport"), amount("homeWarranty")]).toEqual([
      30_000, 20_000, 9_900, 55_000,
    ]);
  });
});

describe("agents and staff find their way", () => {
  it("an agent taking leads sees the leads offered to them under first to claim; an admin has none to claim", () => {
    db.update(agencySettings)
      .set({ routing: "first_to_claim", claimMinutes: 10 })
      .where(eq(agencySettings.id, 1))
      .run();
    const agent = addAgent(db, admin, "Ada");
    submitContact(
      db,
      contactSchema.parse({ firstName: "Kim", lastName: "Lo", email: "kim@example.com", phone: "619 555 0100" }),
      NOW,
    );
    const offered = offeredLeads(db, { ...agent, isAgent: true }, NOW);
    expect(offered.total).toBe(1);
    expect(offered.rows[0]!.name).toBe("Kim Lo");
    expect(offeredLeads(db, admin, NOW).total).toBe(0);
    expect(offeredLeads(db, { ...agent, isAgent: true }, new Date(NOW.getTime() + 11 * 60_000)).total).toBe(0);
  });
});

describe("the record", () => {
  it("the audit keeps the transaction's creation, each message, each estimate saved, changed and deleted", () => {
    const sale = openSale().id;
    postMessage(db, seller, sale, "Hello", { now: NOW });
    const saved = createEstimate(db, seller, sale, { name: "First", inputs: { price: "1175000" } }, NOW);
    updateEstimate(db, seller, saved.id, { name: "Second", inputs: { price: "1200000" } }, NOW);
    deleteEstimate(db, seller, saved.id, NOW);
    expect(audit("transaction.create")).toHaveLength(1);
    expect(audit("message.send")).toHaveLength(1);
    expect(audit("estimate.create")).toHaveLength(1);
    const [update] = audit("estimate.update");
    expect(Object.keys(update!.changes as object).sort()).toEqual(["name", "netCents"]);
    expect(audit("estimate.delete")).toHaveLength(1);
  });

  it("the transaction file's money is in one unit", () => {
    const sale = openSale().id;
    const offer = createOffer(db, admin, sale, terms(1_175_000), NOW);
    createEstimate(db, seller, sale, { name: "First", inputs: { price: "1175000" } }, NOW);
    const { data } = transactionFile(db, admin, sale, NOW);
    expect(data.transaction.homeValue).toBe("1175000.00");
    expect(data.offers[0]!.rounds[0]!.price).toBe("1175000.00");
    expect(data.offers[0]!.net).toBe(offer.net === null ? null : (offer.net / 100).toFixed(2));
    expect(data.estimates[0]!.totals.price).toBe("1175000.00");
  });

  it("summary.html shows the key dates' close of escrow and words, not codes", () => {
    const sale = openSale("file@example.com", { setUpMilestones: true }).id;
    createOffer(db, admin, sale, terms(1_175_000, { financing: "conventional" }), NOW);
    // Closing on a Saturday: the key dates move it to Monday the 28th.
    saveContract(
      db,
      admin,
      sale,
      contractSchema.parse({ acceptedOn: "2026-11-26", closingOn: "2026-12-26", days: {} }),
    );
    const { data } = transactionFile(db, admin, sale, NOW);
    const html = renderToStaticMarkup(
      createElement(TransactionFileSummary, { data, formatAt: (iso) => iso, agency: { name: "A", license: "1" } }),
    );
    expect(html).toContain("<th>Close of escrow</th><td>Mon, Dec 28, 2026</td>");
    expect(html).toContain("Not Started");
    expect(html).toContain("Conventional");
    expect(html).toContain("Received");
    for (const code of ["not_started", "conventional", ">received<", ">active<"]) expect(html).not.toContain(code);
  });
});
