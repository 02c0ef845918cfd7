/**
 * Agreements a court would enforce (issue 56, docs/agreements.md): the compensation worked out and written out in
 * words and figures (a string refused); a person's three months, an entity's longer term; the §10147.5 notices as
 * versioned legal texts; a paper agreement recorded by staff counting for offers, tours, the fee and the CDA; the
 * listing's protection list in its window; every seller on title signing; each signer's copy attached.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { agreements, agreementSigners, documents, type User } from "~/db/schema";
import { prepareAgreementSchema, recordAgreementSchema, startListingSchema } from "~/lib/agreement-schema";
import { agreementDateErrors, DEFAULT_PROTECTION_DAYS, templateErrors } from "~/lib/agreement-template";
import {
  compensationSchema,
  compensationShort,
  compensationText,
  parseLegacyCompensation,
  structuredCents,
} from "~/lib/buyer-compensation";
import { ConflictError, InvalidInputError } from "~/lib/errors";
import { SEEDED_LEGAL_TEXTS } from "~/lib/legal-texts";
import { addDaysTo, addMonthsTo, todayIn } from "~/lib/plain-date";
import type { AgreementPaper } from "~/models/agreement-access.server";
import { prepareAgreement } from "~/models/agreement-prepare.server";
import { recordAgreement, sendProtectionList } from "~/models/agreement-record.server";
import {
  acknowledgeAgencyDisclosure,
  agreementFile,
  consentToSign,
  signAgreement,
} from "~/models/agreement-signing.server";
import { listTemplates } from "~/models/agreement-template.server";
import { getAgreement } from "~/models/agreement-view.server";
import { assertBuyerAgreement } from "~/models/buyer-agreement.server";
import { compensationOf } from "~/models/compensation.server";
import { insertDocuments, removeDocument } from "~/models/document.server";
import { saveLegalText } from "~/models/legal-text.server";
import { startListing } from "~/models/listing-start.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { outboxWithContent } from "./db";
import { useAgreementDesk } from "./agreement-desk";

let db: Db;
let paper: AgreementPaper;
let admin: User;

useAgreementDesk(
  "agreements-hold-",
  { email: "ada@agency.test", firstName: "Ada", lastName: "Lovelace" },
  ["countersign"],
  (desk) => ({ db, paper, admin } = desk),
);

/** An agreement's fields as prepared (the template's, and the computed ones). */
const fieldsOf = (id: number) => db.select().from(agreements).where(eq(agreements.id, id)).get()!.fields;

const template = (kind: "listing" | "buyer") => listTemplates(db, admin).find((t) => t.kind === kind)!;

function purchase(homeValue = "900000") {
  const t = createTransaction(db, admin, {
    email: "sela@example.com",
    firstName: "Sela",
    type: "buying",
    propertyAddress: "Any home in North Park",
    homeValue,
  });
  const client = upsertUserFromClaims(db, { email: "sela@example.com", firstName: "Sela", lastName: "Ruiz" });
  return { t, client };
}

/** An uploaded document of the transaction (a C.A.R. form signed on paper). */
function uploaded(transactionId: number, uploadedBy: string, name = "BRBC signed.pdf") {
  const [id] = insertDocuments(
    db,
    { transactionId, uploadedBy, role: "client" },
    [
      {
        key: `documents/${name}-${transactionId}`,
        name,
        contentType: "application/pdf",
        size: 10,
        sha256: "a".repeat(64),
      },
    ],
    new Date(),
  );
  return id!;
}

describe("compensation that can be worked out", () => {
  it("an amount or a percentage with a cap, in words and figures; its amount at a price", () => {
    const capped = { type: "percent" as const, value: 2.5, cap: 25000 };
    expect(compensationText(capped)).toBe(
      "2.5% (two and five tenths percent) of the purchase price, but not more than $25,000.00 (twenty-five thousand dollars)",
    );
    expect(compensationShort(capped)).toBe("2.5% of the price, at most $25,000");
    expect(compensationText({ type: "amount", value: 12000.5 })).toBe(
      "$12,000.50 (twelve thousand dollars and fifty cents)",
    );
    expect(compensationText({ type: "percent", value: 2.75 })).toContain("two and seventy-five hundredths percent");
    // 2.5 % of $900,000 is $22,500; of $1,200,000 it would be $30,000, capped at $25,000.
    expect(structuredCents(capped, 90_000_000)).toBe(2_250_000);
    expect(structuredCents(capped, 120_000_000)).toBe(2_500_000);
    expect(structuredCents({ type: "amount", value: 12000 }, null)).toBe(1_200_000);
    expect(structuredCents(capped, null)).toBeNull();
  });

  it("every amount in dollars and cents and every percentage to three places is taken as typed", () => {
    // In binary floating point 10000.03 * 100 is 1000002.9999999999 and 1.001 * 1000 is 1000.9999999999999.
    for (const good of [
      { type: "amount", value: 10000.03 },
      { type: "amount", value: 12345.29 },
      { type: "percent", value: 1.001 },
      { type: "percent", value: 2.675, cap: 10000.05 },
    ]) {
      expect(compensationSchema.safeParse(good).success, JSON.stringify(good)).toBe(true);
    }
    expect(structuredCents({ type: "amount", value: 10000.03 }, null)).toBe(1_000_003);
    expect(compensationText({ type: "amount", value: 10000.03 })).toBe(
      "$10,000.03 (ten thousand dollars and three cents)",
    );
    for (const bad of [
      { type: "amount", value: 10000.031 },
      { type: "percent", value: 1.0015 },
    ]) {
      expect(compensationSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("free text, 'negotiable', a cap on an amount, zero or over 20 % are refused, naming the field", () => {
    for (const bad of [
      "2.5%",
      "negotiable",
      { type: "percent", value: "negotiable" },
      { type: "percent", value: 0 },
      { type: "percent", value: 25 },
      { type: "amount", value: 12000, cap: 15000 },
      { type: "percent", value: 2.5, note: "plus a bonus" },
      { type: "flat", value: 2 },
    ]) {
      expect(compensationSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    const asText = prepareAgreementSchema.safeParse({ templateId: 1, endsOn: "2026-12-31", compensation: "2.5%" });
    expect(asText.success).toBe(false);
    expect(asText.error!.flatten().fieldErrors).toHaveProperty("compensation");
    const inFields = prepareAgreementSchema.safeParse({
      templateId: 1,
      endsOn: "2026-12-31",
      fields: { buyerBrokerCompensation: "negotiable" },
    });
    expect(inFields.success).toBe(false);
    // The broker's default of old, read when it can be.
    expect(parseLegacyCompensation("2.5%")).toEqual({ type: "percent", value: 2.5 });
    expect(parseLegacyCompensation("$12,000")).toEqual({ type: "amount", value: 12000 });
    expect(parseLegacyCompensation("negotiable")).toBeNull();
  });
});

describe("the term", () => {
  it("three months for a person or a trust buying; a corporation, an LLC or a partnership may agree longer", () => {
    const today = "2026-11-28";
    const six = addMonthsTo(today, 6);
    for (const entity of ["person", "trust"]) {
      expect(agreementDateErrors("buyer", today, six, today, entity)).toHaveProperty("endsOn");
    }
    for (const entity of ["llc", "corporation", "partnership"]) {
      expect(agreementDateErrors("buyer", today, six, today, entity)).toEqual({});
    }
    expect(agreementDateErrors("buyer", today, addMonthsTo(today, 3), today, "person")).toEqual({});
  });

  it("an LLC's six-month agreement is prepared and says why; a person's is refused", async () => {
    const { t } = purchase();
    const input = {
      templateId: template("buyer").id,
      endsOn: addMonthsTo(todayIn(new Date()), 6),
      compensation: { type: "percent" as const, value: 2.5, cap: 25000 },
      signers: [],
    };
    await expect(prepareAgreement(db, admin, paper, t.id, { ...input, buyerEntity: "person" })).rejects.toThrow(
      /at most 3 months/,
    );
    const prepared = await prepareAgreement(db, admin, paper, t.id, { ...input, buyerEntity: "llc" });
    const view = getAgreement(db, admin, prepared.id);
    expect(view).toMatchObject({ buyerEntity: "llc", compensation: input.compensation });
    expect(fieldsOf(prepared.id).termNote).toContain("the three-month limit of Civil Code §1670.50 does not apply");
    expect(fieldsOf(prepared.id).buyerBrokerCompensation).toContain("but not more than $25,000.00");
  });

  it("templates: renewal words refused in either kind; the listing keeps its protection period", () => {
    const listing = template("listing").body;
    expect(listing).toContain("{{protectionDays}}");
    expect(templateErrors("listing", listing.replace(/\{\{protectionDays\}\}/g, "ninety"))).not.toEqual([]);
    for (const words of ["auto-renews", "renews unless", "successive terms", "Automatically Renewed"]) {
      expect(templateErrors("listing", `${listing}\n\nIt ${words} monthly.`).join(" ")).toContain(
        "never renews by itself",
      );
    }
  });
});

describe("the notices are legal texts", () => {
  it("a new version of the §10147.5 notice goes into the next agreement; one prepared before keeps its own", async () => {
    const { t } = purchase();
    const input = {
      templateId: template("buyer").id,
      endsOn: addMonthsTo(todayIn(new Date()), 2),
      compensation: { type: "amount" as const, value: 12000 },
      signers: [],
    };
    const before = await prepareAgreement(db, admin, paper, t.id, input);
    expect(fieldsOf(before.id).commissionNotice).toBe(SEEDED_LEGAL_TEXTS.commission_notice_buyer.body);
    const amended = `${SEEDED_LEGAL_TEXTS.commission_notice_buyer.body} (As amended.)`;
    saveLegalText(db, admin, { kind: "commission_notice_buyer", body: amended, source: "B&P §10147.5(b), amended" });
    const { t: second } = purchase();
    const after = await prepareAgreement(db, admin, paper, second.id, input);
    expect(fieldsOf(after.id).commissionNotice).toBe(amended);
    expect(fieldsOf(before.id).commissionNotice).toBe(SEEDED_LEGAL_TEXTS.commission_notice_buyer.body);
    // A notice is never emptied, and the disclosure keeps the statute's sections.
    expect(() => saveLegalText(db, admin, { kind: "commission_notice_buyer", body: "  ", source: "none" })).toThrow(
      InvalidInputError,
    );
    expect(() =>
      saveLegalText(db, admin, {
        kind: "agency_disclosure",
        body: SEEDED_LEGAL_TEXTS.agency_disclosure.body.replace("# BUYER'S AGENT", "# THE BUYER"),
        source: "edited",
      }),
    ).toThrow(InvalidInputError);
  });
});

describe("paper agreements count", () => {
  it("a recorded buyer agreement is in force: offers and tours accept the buyer; the fee and the CDA take its compensation", () => {
    const { t, client } = purchase("800000");
    expect(() => assertBuyerAgreement(db, t)).toThrow(ConflictError);
    const documentId = uploaded(t.id, client.id);
    const today = todayIn(new Date());
    const input = recordAgreementSchema.parse({
      documentId,
      kind: "buyer",
      startsOn: today,
      endsOn: addMonthsTo(today, 3),
      compensation: { type: "percent", value: 2, cap: 15000 },
      signers: [{ name: "Sela Ruiz" }],
    });
    const recorded = recordAgreement(db, admin, t.id, input);
    expect(recorded).toMatchObject({ status: "signed", source: "recorded", buyerEntity: "person" });
    expect(() => assertBuyerAgreement(db, t)).not.toThrow();
    // 2 % of $800,000 is $16,000: at most $15,000.
    expect(compensationOf(db, { ...t, closingPriceCents: null })).toMatchObject({
      cents: 1_500_000,
      basis: "buyer_agreement",
      agreementId: recorded.id,
    });
    // The paper copy is a sealed copy now: never removed.
    expect(db.select().from(documents).where(eq(documents.id, documentId)).get()!.sealed).toBe(true);
    expect(() => removeDocument(db, admin, documentId)).toThrow();
    // One document is one agreement.
    expect(() => recordAgreement(db, admin, t.id, input)).toThrow(ConflictError);
  });

  it("the same rules as in the portal: a person's three months, no blank compensation, the side of the deal", () => {
    const { t, client } = purchase();
    const today = todayIn(new Date());
    const base = {
      documentId: uploaded(t.id, client.id),
      kind: "buyer",
      startsOn: today,
      endsOn: addMonthsTo(today, 5),
      compensation: { type: "amount", value: 10000 },
      signers: [{ name: "Sela Ruiz" }],
    };
    expect(() => recordAgreement(db, admin, t.id, recordAgreementSchema.parse(base))).toThrow(/at most 3 months/);
    expect(recordAgreementSchema.safeParse({ ...base, compensation: undefined }).success).toBe(false);
    expect(recordAgreementSchema.safeParse({ ...base, compensation: "negotiable" }).success).toBe(false);
    expect(recordAgreementSchema.safeParse({ ...base, signers: [] }).success).toBe(false);
    expect(() =>
      recordAgreement(
        db,
        admin,
        t.id,
        recordAgreementSchema.parse({ ...base, kind: "listing", endsOn: addMonthsTo(today, 2) }),
      ),
    ).toThrow("A listing agreement is for a sale");
    // An LLC's five months are fine.
    const llc = recordAgreement(db, admin, t.id, recordAgreementSchema.parse({ ...base, buyerEntity: "llc" }));
    expect(llc.buyerEntity).toBe("llc");
    // Nothing was written by the refusals but the one recorded.
    expect(db.select().from(agreements).all()).toHaveLength(1);
  });
});

describe("a listing's protection list", () => {
  it("given once, after the term ends and within three days; the seller is e-mailed the names", () => {
    const t = createTransaction(db, admin, {
      email: "sam@example.com",
      firstName: "Sam",
      type: "selling",
      propertyAddress: "12 Palm St, San Diego, CA",
      homeValue: "850000",
    });
    const seller = upsertUserFromClaims(db, { email: "sam@example.com", firstName: "Sam", lastName: "Seller" });
    const startsOn = "2026-06-01";
    const endsOn = "2026-11-30";
    const listing = recordAgreement(
      db,
      admin,
      t.id,
      recordAgreementSchema.parse({
        documentId: uploaded(t.id, seller.id, "RLA signed.pdf"),
        kind: "listing",
        startsOn,
        endsOn,
        compensation: { type: "amount", value: 7500 },
        protectionDays: DEFAULT_PROTECTION_DAYS,
        signers: [{ name: "Sam Seller" }],
      }),
    );
    const at = (day: string) => new Date(`${day}T20:00:00Z`);
    const names = ["Casey Buyer", "Robin Lee", "Casey Buyer"];
    expect(() => sendProtectionList(db, admin, listing.id, names, at(endsOn))).toThrow(/after the term ends/);
    expect(() => sendProtectionList(db, admin, listing.id, names, at(addDaysTo(endsOn, 4)))).toThrow(
      /had to be given by/,
    );
    const sent = sendProtectionList(db, admin, listing.id, names, at(addDaysTo(endsOn, 3)));
    expect(sent.protection).toEqual({ days: 90, list: ["Casey Buyer", "Robin Lee"], listSentOn: "2026-12-03" });
    const mail = outboxWithContent(db).filter((m) => m.toAddress === "sam@example.com");
    expect(mail.at(-1)!.textBody).toContain("Robin Lee");
    expect(() => sendProtectionList(db, admin, listing.id, names, at(addDaysTo(endsOn, 3)))).toThrow(ConflictError);
    // The seller sees it too (their agreement's JSON).
    expect(getAgreement(db, seller, listing.id).protection?.list).toEqual(["Casey Buyer", "Robin Lee"]);
  });
});

describe("every seller on title, each with a copy", () => {
  it("a co-owner from /start-listing gets their own link at once; when all have signed, each signer's e-mail carries the sealed PDF", async () => {
    const seller = upsertUserFromClaims(db, { email: "casey@example.com", firstName: "Casey", lastName: "Ng" });
    const id = await startListing(db, seller, paper, {
      sellerName: "Casey Ng",
      address: "4410 Park Blvd, San Diego",
      priceCents: 85_000_000,
      termMonths: 6,
      coSellers: [{ name: "Jamie Ng", email: "jamie@example.com" }],
    });
    const signers = db.select().from(agreementSigners).where(eq(agreementSigners.agreementId, id)).all();
    expect(signers.map((s) => [s.role, s.name])).toEqual([
      ["client", "Casey Ng"],
      ["cosigner", "Jamie Ng"],
      ["agent", expect.any(String)],
    ]);
    const invite = outboxWithContent(db).find((m) => m.toAddress === "jamie@example.com");
    expect(invite?.textBody).toMatch(/\/sign\/[A-Za-z0-9_-]{43}/);
    const token = /\/sign\/([A-Za-z0-9_-]{43})/.exec(invite!.textBody)![1]!;

    const signAs = async (key: Parameters<typeof consentToSign>[1], name: string) => {
      consentToSign(db, key, id, { consent: true });
      acknowledgeAgencyDisclosure(db, key, id);
      agreementFile(db, key, id);
      await signAgreement(db, paper, key, id, { typedName: name, agree: true });
    };
    await signAs({ actor: seller }, "Casey Ng");
    await signAs({ token }, "Jamie Ng");
    await signAs({ actor: admin }, "Ada Lovelace");
    const done = getAgreement(db, seller, id);
    expect(done.status).toBe("signed");
    expect(done.signers.filter((s) => s.role !== "agent").map((s) => s.agencyDisclosure?.version)).toEqual([1, 1]);
    const sealedKey = db.select().from(agreements).where(eq(agreements.id, id)).get()!.signedKey;
    for (const to of ["casey@example.com", "jamie@example.com"]) {
      const copy = outboxWithContent(db).find((m) => m.toAddress === to && /Signed by everyone/.test(m.subject));
      expect(copy?.attachments).toEqual([expect.objectContaining({ contentType: "application/pdf", key: sealedKey })]);
    }
  });

  it("a co-seller row needs a name and an e-mail; blank rows are dropped; each seller's address their own", () => {
    const form = { sellerName: "Casey Ng", address: "4410 Park Blvd", price: "850,000", termMonths: "6" };
    const blank = { name: "", email: "" };
    expect(startListingSchema.parse({ ...form, coSellers: [blank, blank, blank] }).coSellers).toEqual([]);
    expect(
      startListingSchema.parse({ ...form, coSellers: [blank, { name: "Jamie Ng", email: "Jamie@Example.com" }] })
        .coSellers,
    ).toEqual([{ name: "Jamie Ng", email: "jamie@example.com" }]);
    expect(startListingSchema.safeParse({ ...form, coSellers: [{ name: "Jamie Ng", email: "" }] }).success).toBe(false);
    expect(
      startListingSchema.safeParse({ ...form, coSellers: [{ name: "Jamie", email: "j@example.com" }] }).success,
    ).toBe(false);
    const twice = [
      { name: "Jamie Ng", email: "j@example.com" },
      { name: "Lee Ng", email: "j@example.com" },
    ];
    expect(startListingSchema.safeParse({ ...form, coSellers: twice }).success).toBe(false);
  });
});
