/**
 * Every step says what comes next (issue 44; docs/agreements.md, docs/showings.md): an agreement's state in words
 * for whoever reads it, the client's To do, a buyer refused while the broker signs (and the broker reminded once
 * a day), the staff's "Waiting for your signature", the step a countersigned agreement completes, the prepare
 * form's defaults, a purchase opened with the area searched, and a showing that starts on a slot.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { agencySettings, auditEvents, documents, transactionMilestones, transactions, type User } from "~/db/schema";
import { agreementState, WAITING_FOR_BROKER } from "~/lib/agreement-rules";
import { InvalidInputError } from "~/lib/errors";
import { addDaysTo, addMonthsTo, todayIn } from "~/lib/plain-date";
import { DEFAULT_RULES, slotError } from "~/lib/showing-slots";
import { savedHomeSchema } from "~/lib/saved-home-schema";
import { clientToDo } from "~/lib/to-do";
import type { AgreementPaper } from "~/models/agreement-access.server";
import { waitingForStaff } from "~/models/agreement-lists.server";
import { prepareAgreement, sendAgreement } from "~/models/agreement-prepare.server";
import { agreementFile, consentToSign, signAgreement } from "~/models/agreement-signing.server";
import { listTemplates } from "~/models/agreement-template.server";
import { buyerAgreementNeed, nudgeCountersigner } from "~/models/buyer-agreement.server";
import { createSavedHome } from "~/models/saved-home.server";
import { initializeMilestones } from "~/models/milestone.server";
import { requestTour } from "~/models/tour.server";
import { updateTransaction } from "~/models/transaction-edit.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { agreementsData } from "~/sections/agreements.server";
import { addAgent, outboxWithContent } from "./db";
import { useAgreementDesk } from "./agreement-desk";

let db: Db;
let paper: AgreementPaper;
let admin: User;

// Ada countersigns for the brokerage: the broker named her to (10 CCR 2725).
useAgreementDesk(
  "next-steps-",
  { email: "ada@agency.test", firstName: "Ada", lastName: "Lovelace" },
  ["countersign"],
  (desk) => ({ db, paper, admin } = desk),
);

/** A purchase opened with the area searched, the client "Rae Buyer", its standard steps set up. */
function homeSearch() {
  const t = createTransaction(db, admin, {
    email: "rae@example.com",
    firstName: "Rae",
    lastName: "Buyer",
    type: "buying",
    searchArea: "North Park, under $900,000",
  });
  initializeMilestones(db, admin, t.id);
  const client = upsertUserFromClaims(db, { email: "rae@example.com" });
  return { t, client };
}

async function sentBuyerAgreement(transactionId: number, now = new Date()) {
  const template = listTemplates(db, admin).find((x) => x.kind === "buyer")!;
  const prepared = await prepareAgreement(
    db,
    admin,
    paper,
    transactionId,
    {
      templateId: template.id,
      endsOn: addMonthsTo(todayIn(now), 2),
      compensation: { type: "percent", value: 2.5 },
      signers: [],
    },
    now,
  );
  sendAgreement(db, admin, prepared.id, now);
  return prepared.id;
}

async function signAs(actor: User, id: number, typedName: string, options: { agencyDisclosure?: boolean } = {}) {
  consentToSign(db, { actor }, id, { consent: true, ...options });
  agreementFile(db, { actor }, id);
  return signAgreement(db, paper, { actor }, id, { typedName, agree: true });
}

describe("an agreement's state in words", () => {
  const client = { name: "Rae Buyer", role: "client" as const, signedAt: null };
  const broker = { name: "Ada Lovelace", role: "agent" as const, forBroker: true, signedAt: null };
  const agent = { name: "Ana Diaz", role: "agent" as const, signedAt: null };

  it("names whose turn it is, as the reader sees it", () => {
    expect(agreementState({ status: "sent", signers: [{ ...client, mine: true }, broker] })).toBe(
      "Waiting for your signature",
    );
    expect(agreementState({ status: "sent", signers: [client, broker] })).toBe("Waiting for Rae Buyer");
    const signed = { ...client, signedAt: new Date("2026-11-20T18:00:00Z") };
    expect(agreementState({ status: "sent", signers: [signed, broker] })).toBe("Waiting for the broker");
    expect(agreementState({ status: "sent", signers: [signed, agent] })).toBe("Waiting for Ana Diaz");
    expect(agreementState({ status: "sent", signers: [signed, { ...agent, mine: true }] })).toBe(
      "Waiting for your signature",
    );
  });

  it("says the day it was signed, in San Diego", () => {
    // 02:00 UTC on the 21st is still the 20th in San Diego.
    expect(agreementState({ status: "signed", completedAt: new Date("2026-11-21T02:00:00Z"), signers: [] })).toBe(
      "Signed on November 20",
    );
    expect(agreementState({ status: "draft", signers: [client] })).toBe("Draft, not sent yet");
  });
});

describe("the client's To do", () => {
  const base = { side: null, offers: [], showingRequests: [], formatSlot: (iso: string) => iso };

  it("lists a signature waiting for the client first, then an offer or a showing to answer", () => {
    const list = clientToDo({
      ...base,
      side: "seller",
      agreements: [
        { title: "Listing agreement: 12 Palm Ave", state: "Waiting for your signature", sign: "/agreements/1/sign" },
        { title: "Old one", state: "Waiting for the broker", sign: "/agreements/2/sign" },
      ],
      offers: [
        { id: 7, shared: true, wish: null, latest: { by: "buyer" }, buyerName: "Sam Lee", listingAddress: null },
        // Their own counter, an answer already given, and an offer not shared: nothing to do.
        { id: 8, shared: true, wish: null, latest: { by: "seller" }, buyerName: "Kim", listingAddress: null },
        { id: 9, shared: true, wish: "accept", latest: { by: "buyer" }, buyerName: "Jo", listingAddress: null },
        { id: 10, shared: false, wish: null, latest: { by: "buyer" }, buyerName: "Al", listingAddress: null },
      ],
      showingRequests: [{ agentName: "Pat Agent", start: "2026-12-01T18:00:00Z" }],
    });
    expect(list).toEqual([
      { label: "Sign Listing agreement: 12 Palm Ave", href: "/agreements/1/sign" },
      { label: "Answer the offer from Sam Lee", href: "?offer=7#offers" },
      { label: "Answer Pat Agent's showing request (2026-12-01T18:00:00Z)", href: "#showings" },
    ]);
  });

  it("is empty when nothing waits for the client", () => {
    expect(clientToDo({ ...base, agreements: [{ title: "A", state: "Signed on May 1", sign: "/x" }] })).toEqual([]);
  });
});

describe("a buyer refused while the broker signs", () => {
  it("says the agreement waits for the broker, reminds the admins once a day, and lets them tour once countersigned", async () => {
    const { t, client } = homeSearch();
    const home = createSavedHome(
      db,
      client,
      savedHomeSchema.parse({ address: "42 Oak Ave, San Diego", price: "900000" }),
    );
    const tour = { listingIds: [home.id], slots: [{ start: new Date(Date.now() + 72 * 3600_000) }] };

    const id = await sentBuyerAgreement(t.id);
    expect(buyerAgreementNeed(db, t)).toEqual({ kind: "sign", link: `/agreements/${id}/sign` });
    expect(() => requestTour(db, client, t.id, tour)).toThrow(/Sign your buyer representation agreement first/);

    await signAs(client, id, "Rae Buyer", { agencyDisclosure: true });
    expect(buyerAgreementNeed(db, t)).toMatchObject({ kind: "countersign", agreementId: id });
    // Nothing to sign for the client: the refusal says whom it waits for.
    expect(() => requestTour(db, client, t.id, tour)).toThrow(WAITING_FOR_BROKER);
    const reminders = () =>
      outboxWithContent(db, "agreement").filter((m) => m.subject.startsWith("Waiting for your signature"));
    // Those who may sign the broker's seat: the broker and Ada.
    expect(
      reminders()
        .map((m) => m.toAddress)
        .sort(),
    ).toEqual(["ada@agency.test", "boss@agency.test"]);
    expect(reminders()[0]!.textBody).toContain("Rae Buyer asked for a tour of homes");
    // Asked again the same day: no second reminder; the next day, one more.
    expect(() => requestTour(db, client, t.id, tour)).toThrow(WAITING_FOR_BROKER);
    expect(reminders()).toHaveLength(2);
    expect(nudgeCountersigner(db, t, "an offer", new Date(Date.now() + 25 * 3600_000))).toBe(true);
    expect(reminders()).toHaveLength(4);
    const nudges = db.select().from(auditEvents).where(eq(auditEvents.action, "agreement.nudge")).all();
    expect(nudges).toHaveLength(2);

    // The broker's list shows it, for an admin; an agent not on it does not see it.
    const rows = waitingForStaff(db, admin);
    expect(rows).toMatchObject([
      { id, title: "Buyer representation agreement: Rae Buyer", forBroker: true, signedBy: ["Rae Buyer"] },
    ]);
    expect(rows[0]!.href).toBe(`/agreements/${id}/sign`);
    const agent = addAgent(db, admin);
    expect(waitingForStaff(db, agent)).toEqual([]);

    await signAs(admin, id, "Ada Lovelace");
    expect(waitingForStaff(db, admin)).toEqual([]);
    expect(buyerAgreementNeed(db, t)).toBeNull();
    expect(requestTour(db, client, t.id, tour).tour.id).toBeGreaterThan(0);

    // The purchase's first step is completed, the signed copy its document.
    const step = db
      .select()
      .from(transactionMilestones)
      .where(and(eq(transactionMilestones.transactionId, t.id), eq(transactionMilestones.stepNumber, 1)))
      .get()!;
    expect(step.status).toBe("completed");
    const copy = db.select().from(documents).where(eq(documents.milestoneId, step.id)).all();
    expect(copy.map((d) => d.name)).toEqual([expect.stringMatching(/^Buyer representation agreement/)]);
  });

  it("lists nothing for the broker before every client has signed", async () => {
    const { t } = homeSearch();
    await sentBuyerAgreement(t.id);
    expect(waitingForStaff(db, admin)).toEqual([]);
  });
});

describe("the prepare form's defaults", () => {
  it("offers the template of the transaction's side, its fields only, the broker's compensation and the dates", () => {
    // The broker's default of before issue 56, free text that can be worked out: read as structured.
    db.insert(agencySettings)
      .values({ id: 1, buyerBrokerCompensation: "2.5%" })
      .onConflictDoUpdate({ target: agencySettings.id, set: { buyerBrokerCompensation: "2.5%" } })
      .run();
    const { t } = homeSearch();
    const now = new Date("2026-11-27T20:00:00Z");
    const { prepare } = agreementsData(db, admin, t, [], null, now);
    expect(prepare!.templates.map((x) => x.kind)).toEqual(["buyer"]);
    expect(prepare!.compensation).toEqual({ type: "percent", value: 2.5 });
    // Structured, never typed as text on the form.
    expect(prepare!.fields.map((f) => f.name)).not.toContain("buyerBrokerCompensation");
    expect(prepare!.fields.map((f) => f.name)).not.toContain("flatFee");
    expect(prepare!.startsOn).toBe("2026-11-27");
    // 90 days, inside the three months a buyer agreement may last.
    expect(prepare!.endsOn).toBe(addDaysTo("2026-11-27", 90));
    expect(prepare!.open).toBe(false);

    const sale = createTransaction(db, admin, {
      email: "sam@example.com",
      type: "selling",
      propertyAddress: "12 Palm Ave, San Diego",
      homeValue: "1000000",
    });
    const listing = agreementsData(db, admin, sale, [], new URLSearchParams("agreementFrom=template-999"), now);
    expect(listing.prepare!.templates.map((x) => x.kind)).toEqual(["listing"]);
    // A template not offered falls back to the first one offered.
    expect(listing.prepare!.chosen).toEqual({ kind: "template", id: listing.prepare!.templates[0]!.id });
    expect(listing.prepare!.endsOn).toBe("2027-05-27");
    // A client reads no prepare form.
    const client = upsertUserFromClaims(db, { email: "rae@example.com" });
    expect(agreementsData(db, client, t).prepare).toBeNull();
  });
});

describe("a purchase opened with the area searched", () => {
  it("keeps a sale's address and value required, and a purchase's address or area", () => {
    const { t } = homeSearch();
    expect(t).toMatchObject({ propertyAddress: null, homeValueCents: null, searchArea: "North Park, under $900,000" });
    // A status change alone never fails on the rule.
    expect(updateTransaction(db, admin, t.id, { searchArea: t.searchArea!, status: "active" }).status).toBe("active");
    expect(() =>
      updateTransaction(db, admin, t.id, { propertyAddress: undefined, searchArea: undefined, status: "active" }),
    ).toThrow(InvalidInputError);
    expect(() =>
      updateTransaction(db, admin, t.id, { propertyAddress: undefined, searchArea: undefined, status: "active" }),
    ).toThrow("Enter the home's address, or the area the client is searching");
    const found = updateTransaction(db, admin, t.id, {
      propertyAddress: "42 Oak Ave, San Diego",
      homeValue: "880000",
      status: "active",
    });
    expect(found).toMatchObject({ propertyAddress: "42 Oak Ave, San Diego", homeValueCents: 88_000_000 });

    const sale = createTransaction(db, admin, {
      email: "sam@example.com",
      type: "selling",
      propertyAddress: "12 Palm Ave, San Diego",
      homeValue: "1000000",
    });
    expect(() =>
      updateTransaction(db, admin, sale.id, { propertyAddress: "12 Palm Ave, San Diego", status: "active" }),
    ).toThrow("Home value is required");
    const row = db.select().from(transactions).where(eq(transactions.id, sale.id)).get()!;
    expect(row.homeValueCents).toBe(100_000_000);
  });
});

describe("a showing starts on a slot", () => {
  it("refuses a time between the slots, naming their length", () => {
    const rules = { ...DEFAULT_RULES, noticeHours: 0 };
    const now = new Date("2026-11-27T16:00:00Z");
    const day = "2026-12-05"; // a Saturday
    const windows = rules.hours[6]!;
    expect(windows.length).toBeGreaterThan(0);
    const [h, m] = windows[0]!.from.split(":").map(Number) as [number, number];
    const at = (minutes: number) => {
      const hh = Math.floor(minutes / 60);
      const mm = minutes % 60;
      // San Diego is 8 hours behind UTC in December.
      return new Date(`${day}T${String(hh + 8).padStart(2, "0")}:${String(mm).padStart(2, "0")}:00Z`);
    };
    const start = h * 60 + m;
    expect(slotError(rules, [], at(start), now)).toBeNull();
    expect(slotError(rules, [], at(start + rules.slotMinutes), now)).toBeNull();
    expect(slotError(rules, [], at(start + 10), now)).toBe(
      `Showings start on the ${rules.slotMinutes}-minute slots: choose one of the free times`,
    );
  });
});
