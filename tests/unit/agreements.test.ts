/**
 * Agreements (docs/agreements.md): the templates' fields and notices, the three-month rule, the signing
 * order, the certificate's contents and hash; then a whole agreement with the real PDF and seal: prepare,
 * send, consent, sign (the co-signer from their link), the sealed copy that pdfsig validates and rejects
 * once a byte changes, the document that cannot be removed, who sees what, and a listing started online.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import {
  agencySettings,
  agreements,
  auditEvents,
  documents,
  transactionMilestones,
  transactions,
  type User,
} from "~/db/schema";
import { agreementPaper, agreementPdf, pageCount } from "~/infra/agreement-pdf.server";
import { DirectoryStore } from "~/infra/file-store.server";
import { selfSignedP12 } from "~/infra/pdf-seal.server";
import { certificateOfCompletion, signaturePage, type CertificateInput } from "~/lib/agreement-certificate";
import { agreementStatus, outOfTurn, typedNameMatches } from "~/lib/agreement-rules";
import {
  agreementDateErrors,
  buyerAgreementLastDay,
  NOTICE_PLACE,
  renewalWordsIn,
  fieldsOf,
  fillTemplate,
  SEEDED_TEMPLATES,
  templateBlocks,
  templateErrors,
} from "~/lib/agreement-template";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { addMonthsTo, formatPlainDate } from "~/lib/plain-date";
import { signerOfLink, type AgreementPaper } from "~/models/agreement-access.server";
import { listingAgreementWarnings } from "~/models/agreement-lists.server";
import { prepareAgreement, sendAgreement } from "~/models/agreement-prepare.server";
import { completePendingAgreements } from "~/models/agreement-seal.server";
import {
  acknowledgeAgencyDisclosure,
  agreementFile,
  consentToSign,
  signAgreement,
  voidAgreement,
} from "~/models/agreement-signing.server";
import { getAgreement, listAgreements } from "~/models/agreement-view.server";
import { assertBuyerAgreement } from "~/models/buyer-agreement.server";
import { listTemplates, saveTemplate, seedTemplates } from "~/models/agreement-template.server";
import { insertDocuments, removeDocument } from "~/models/document.server";
import { startListing } from "~/models/listing-start.server";
import { remindListingEnds } from "~/models/listing-reminders.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { NO_MORE_THAN_AGREED } from "~/lib/buyer-compensation";
import { NOTICE_KIND, SEEDED_LEGAL_TEXTS } from "~/lib/legal-texts";
import { addAgent, freshDb, outboxWithContent } from "./db";
import { expectConsoleError } from "./setup";

describe("templates and rules", () => {
  it("seeds both templates with the §10147.5 notice's place in bold, the fee earned in the term and a definite end date", () => {
    for (const kind of ["listing", "buyer"] as const) {
      const { body } = SEEDED_TEMPLATES[kind];
      expect(templateErrors(kind, body)).toEqual([]);
      expect(body).toContain(NOTICE_PLACE);
      expect(body).toContain("reviews this text before it is used");
      // Filled with the notice in force for its kind (B&P §10147.5(a) a seller's, (b) a buyer's).
      const notice = SEEDED_LEGAL_TEXTS[NOTICE_KIND[kind]].body;
      const blocks = templateBlocks(
        fillTemplate(body, { endsOn: "2027-03-01", clientNames: "Robin Lee", commissionNotice: notice }),
      );
      expect(blocks.find((b) => b.kind === "bold")?.text).toBe(notice);
      expect(blocks.some((b) => b.text.includes("2027-03-01"))).toBe(true);
      // Earned when a contract is made during the term, paid at closing (not lost when escrow closes after it).
      expect(body).toMatch(/earned when, during the term, (Seller|Buyer) enters? into a contract/);
      expect(body).not.toMatch(/closes during the term|does not sell during the term/);
    }
    expect(SEEDED_LEGAL_TEXTS.commission_notice_buyer.body).toBe(
      "Notice: The amount or rate of real estate compensation is not fixed by law. They are set by each broker individually and may be negotiable between the buyer and broker.",
    );
    expect(SEEDED_LEGAL_TEXTS.commission_notice_listing.body).toContain("between the seller and broker");
    expect(SEEDED_TEMPLATES.listing.body).toContain("{{protectionDays}} days after the term ends");
    expect(SEEDED_TEMPLATES.buyer.body).toContain(NO_MORE_THAN_AGREED);
    expect(fieldsOf(SEEDED_TEMPLATES.listing.body)).toEqual(
      expect.arrayContaining(["clientNames", "propertyAddress", "listPrice", "flatFee", "buyerAgentCompensation"]),
    );
    // The computed places are never typed on the prepare form.
    expect(fieldsOf(SEEDED_TEMPLATES.buyer.body)).not.toContain("buyerBrokerCompensation");
    expect(fieldsOf(SEEDED_TEMPLATES.listing.body)).not.toContain("commissionNotice");
    expect(templateErrors("buyer", "no notice")).toHaveLength(3);
    expect(fillTemplate("Fee: {{flatFee}}", {})).toBe("Fee: ________");
  });

  it("refuses a template that renews by itself, naming the words (Civil Code §1670.50(d)(2))", () => {
    for (const words of ["automatically renew", "Auto-renews", "renews unless", "successive terms"]) {
      const body = SEEDED_TEMPLATES.buyer.body.replace(
        "It never renews by itself;",
        `It will ${words} for a further term;`,
      );
      expect(templateErrors("buyer", body)).toEqual([expect.stringContaining(`"${words.split(" ")[0]}`)]);
    }
    expect(renewalWordsIn("This agreement shall automatically renew.")).toEqual(["automatically renew"]);
    expect(renewalWordsIn("It does not renew by itself.")).toEqual([]);
  });

  it("a buyer agreement lasts at most three months from its start", () => {
    expect(addMonthsTo("2027-01-31", 1)).toBe("2027-02-28");
    expect(buyerAgreementLastDay("2027-01-15")).toBe("2027-04-15");
    const today = "2027-01-15";
    expect(agreementDateErrors("buyer", "2027-01-15", "2027-04-15", today)).toEqual({});
    expect(agreementDateErrors("buyer", "2027-01-15", "2027-04-16", today).endsOn?.[0]).toMatch(/at most 3 months/);
    // Counted from the day it is made, whatever the start: 60 days ahead to 150 days ahead is void.
    expect(agreementDateErrors("buyer", "2027-03-16", "2027-06-14", today).endsOn?.[0]).toMatch(
      /from the day it is made .*on or before 2027-04-15/,
    );
    expect(agreementDateErrors("listing", "2027-01-15", "2027-12-31", today)).toEqual({});
    expect(agreementDateErrors("listing", "2027-01-15", undefined, today).endsOn).toEqual([
      "Enter the date the agreement ends",
    ]);
    expect(agreementDateErrors("document", undefined, undefined, today)).toEqual({});
  });

  it("clients first, the agent last; names typed as on the agreement; an ended agreement is expired", () => {
    const client = { role: "client" as const, name: "Robin Lee", signedAt: null };
    const cosigner = { role: "cosigner" as const, name: "Sam Lee", signedAt: null };
    const agent = { role: "agent" as const, name: "Ana Agent", signedAt: null };
    expect(outOfTurn([client, cosigner, agent], agent)).toBe(
      "The clients sign first: waiting for Robin Lee and Sam Lee",
    );
    expect(outOfTurn([client, cosigner, agent], cosigner)).toBeNull();
    expect(
      outOfTurn([{ ...client, signedAt: new Date() }, { ...cosigner, signedAt: new Date() }, agent], agent),
    ).toBeNull();
    expect(typedNameMatches("  robin   LEE ", "Robin Lee")).toBe(true);
    expect(typedNameMatches("Robin", "Robin Lee")).toBe(false);
    expect(agreementStatus({ status: "signed", endsOn: "2027-01-01" }, "2027-01-01")).toBe("signed");
    expect(agreementStatus({ status: "signed", endsOn: "2027-01-01" }, "2027-01-02")).toBe("expired");
    expect(agreementStatus({ status: "voided", endsOn: "2027-01-01" }, "2027-01-02")).toBe("voided");
  });

  it("the certificate names each signer's consent, view and signature in UTC and San Diego time, and the hash", () => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 27, 16, m));
    const input: CertificateInput = {
      agreementId: 7,
      title: "Buyer representation agreement",
      brokerage: "Coastline Flat Fee Realty",
      unsignedSha256: "ab".repeat(32),
      unsignedPages: 2,
      createdAt: at(0),
      sentAt: at(1),
      completedAt: at(9),
      signers: [
        {
          name: "Robin Lee",
          email: "robin@example.com",
          role: "client",
          typedName: "Robin Lee",
          consentedAt: at(2),
          consentIp: "203.0.113.5",
          consentBrowser: "Firefox",
          viewedAt: at(3),
          viewIp: "203.0.113.5",
          signedAt: at(4),
          signIp: "203.0.113.5",
          signBrowser: "Firefox",
          forBroker: false,
          consentDisclosureId: 4,
          consentWithdrawnAt: null,
          agencyDisclosureAt: at(2),
          agencyDisclosureId: 9,
          viewBrowser: "Firefox",
        },
        {
          name: "Ada Lovelace",
          email: "ada@agency.test",
          role: "agent",
          typedName: "Ada Lovelace",
          consentedAt: at(5),
          consentIp: "198.51.100.7",
          consentBrowser: "Chrome",
          viewedAt: at(6),
          viewIp: "198.51.100.7",
          signedAt: at(7),
          signIp: "198.51.100.7",
          signBrowser: "Chrome",
          forBroker: true,
          consentDisclosureId: 4,
          consentWithdrawnAt: null,
          agencyDisclosureAt: null,
          agencyDisclosureId: null,
          viewBrowser: "Chrome",
        },
      ],
      brokerSeat: "Coastline Flat Fee Realty, broker (DRE #02212345)",
      disclosures: [{ id: 4, version: 2, body: "# Consent to sign electronically\n\nPaper copies are free." }],
      agencyDisclosures: [{ id: 9, version: 3, body: "# DISCLOSURE REGARDING REAL ESTATE AGENCY RELATIONSHIP" }],
    };
    const text = certificateOfCompletion(input)
      .flatMap((s) => [s.heading, ...s.lines])
      .join("\n");
    expect(text).toContain(`SHA-256 of the unsigned PDF: ${"ab".repeat(32)}`);
    expect(text).toContain("Client: Robin Lee <robin@example.com>");
    expect(text).toContain(
      "Consented to sign electronically (disclosure version 2): 2026-11-27 16:02:00 UTC (Nov 27, 2026, 8:02:00 AM PST, San Diego), from 203.0.113.5, Firefox",
    );
    expect(text).toContain(
      "Opened the document: 2026-11-27 16:03:00 UTC (Nov 27, 2026, 8:03:00 AM PST, San Diego), from 203.0.113.5, Firefox",
    );
    // The broker's seat names the admin who signed it, for the brokerage; the disclosure's text is printed.
    expect(text).toContain("Ada Lovelace <ada@agency.test>, for Coastline Flat Fee Realty, broker (DRE #02212345)");
    expect(text).toContain("The disclosure consented to (version 2)");
    expect(text).toContain("Paper copies are free.");
    expect(text).toContain(
      "Acknowledged the agency disclosure (version 3, its pages before the signatures): 2026-11-27 16:02:00 UTC",
    );
    expect(signaturePage(input)[1]!.heading).toBe(
      "Ada Lovelace, for Coastline Flat Fee Realty, broker (DRE #02212345)",
    );
    expect(text).toContain('Signed as "Robin Lee": 2026-11-27 16:04:00 UTC');
    expect(text.indexOf("Sent for signature")).toBeLessThan(text.indexOf("Robin Lee signed"));
    expect(signaturePage(input)[0]!.lines[0]).toBe("Robin Lee");
    // Only what happened: a signer who never opened the document has no "opened" line or event.
    const unopened = certificateOfCompletion({
      ...input,
      signers: [{ ...input.signers[0]!, viewedAt: null, viewIp: null, viewBrowser: null }],
    })
      .flatMap((s) => [s.heading, ...s.lines])
      .join("\n");
    expect(unopened).not.toContain("Opened the document");
    expect(unopened).not.toContain("opened the document");
  });
});

const hasPdfsig = (() => {
  try {
    execFileSync("pdfsig", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
// CI checks the seal with the real tool (.ci/run installs poppler-utils); elsewhere its checks need it installed.
if (process.env.CI && !hasPdfsig) throw new Error("pdfsig is missing: .ci/run installs poppler-utils");

describe("an agreement signed in the portal", () => {
  let db: Db;
  let dir: string;
  let paper: AgreementPaper;
  let admin: User;
  let store: DirectoryStore;
  const p12 = selfSignedP12("Coastline Flat Fee Realty");

  beforeEach(() => {
    db = freshDb();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "agreements-"));
    store = new DirectoryStore(dir);
    paper = agreementPaper(store, () => ({ p12, password: "" }));
    seedTemplates(db);
    admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const buyerTransaction = () => {
    const agent = addAgent(db, admin);
    const t = createTransaction(db, admin, {
      email: "robin@example.com",
      firstName: "Robin",
      lastName: "Lee",
      type: "buying",
      propertyAddress: "Any home in North Park",
      homeValue: "900000",
    });
    db.update(transactions).set({ assignedAgentId: agent.id }).where(eq(transactions.id, t.id)).run();
    const client = upsertUserFromClaims(db, { email: "robin@example.com" });
    return { t: { ...t, assignedAgentId: agent.id }, agent: { ...agent, isAgent: true }, client };
  };

  it("prepares, sends, collects every signature in turn and seals a copy pdfsig trusts; the copy cannot be removed", async () => {
    const { t, agent, client } = buyerTransaction();
    const template = listTemplates(db, admin).find((x) => x.kind === "buyer")!;
    const now = new Date(Date.UTC(2027, 0, 15, 18));
    const base = {
      templateId: template.id,
      startsOn: "2027-01-15",
      fields: { clientNames: "Robin Lee and Sam Lee" },
      compensation: { type: "percent" as const, value: 2.5 },
      signers: [{ name: "Sam Lee", email: "sam@example.com", role: "cosigner" as const }],
    };
    await expect(prepareAgreement(db, agent, paper, t.id, { ...base, endsOn: "2027-04-16" }, now)).rejects.toThrow(
      InvalidInputError,
    );
    await expect(prepareAgreement(db, client, paper, t.id, { ...base, endsOn: "2027-04-15" }, now)).rejects.toThrow();
    const prepared = await prepareAgreement(db, agent, paper, t.id, { ...base, endsOn: "2027-04-15" }, now);
    expect(prepared).toMatchObject({ kind: "buyer", status: "draft", templateVersion: 1 });
    expect(prepared.signers.map((s) => [s.role, s.email])).toEqual([
      ["client", "robin@example.com"],
      ["cosigner", "sam@example.com"],
      ["agent", "ana@agency.test"],
    ]);
    // A new version must keep the notice the law asks for; a client may not save one.
    expect(() => saveTemplate(db, admin, { kind: "buyer", name: "No notice", body: "{{endsOn}}" })).toThrow(
      InvalidInputError,
    );
    expect(() => saveTemplate(db, client, { kind: "buyer", name: "x", body: template.body })).toThrow();
    // Editing the template later never changes what was prepared.
    saveTemplate(db, admin, { kind: "buyer", name: "Buyer agreement v2", body: `${template.body}\n\nA new clause.` });
    expect(getAgreement(db, agent, prepared.id).templateVersion).toBe(1);

    expect(() => assertBuyerAgreement(db, t, now)).toThrow(ConflictError);
    // A draft is staff's: the client sees it once it is sent.
    expect(() => getAgreement(db, client, prepared.id)).toThrow(NotFoundError);
    expect(listAgreements(db, client, t.id)).toEqual([]);
    sendAgreement(db, agent, prepared.id, now);
    expect(listAgreements(db, client, t.id).map((a) => a.id)).toEqual([prepared.id]);
    const mails = outboxWithContent(db, "agreement");
    expect(mails.map((m) => m.toAddress).sort()).toEqual(["robin@example.com", "sam@example.com"]);
    const token = /\/sign\/([A-Za-z0-9_-]{43})/.exec(
      mails.find((m) => m.toAddress === "sam@example.com")!.textBody,
    )![1]!;

    const later = new Date(now.getTime() + 60_000);
    const sign = (key: Parameters<typeof signAgreement>[2], typedName: string) =>
      signAgreement(db, paper, key, prepared.id, { typedName, agree: true }, later);
    await expect(sign({ actor: agent }, "Ana Agent")).rejects.toThrow(/clients sign first/);
    await expect(sign({ actor: client }, "Robin Lee")).rejects.toThrow(/Consent to sign electronically first/);
    // The consent, then the agency disclosure shown in full and acknowledged (Civil Code §2079.14), then the PDF.
    consentToSign(db, { actor: client }, prepared.id, { consent: true }, later);
    await expect(sign({ actor: client }, "Robin Lee")).rejects.toThrow(/agency disclosure/);
    acknowledgeAgencyDisclosure(db, { actor: client }, prepared.id, later);
    // Not before the PDF is opened (a real GET of it, recorded).
    await expect(sign({ actor: client }, "Robin Lee")).rejects.toThrow(/Open the PDF/);
    agreementFile(db, { actor: client }, prepared.id, later);
    await expect(sign({ actor: client }, "Robin")).rejects.toThrow(/Type your full legal name: Robin Lee/);
    await sign({ actor: client }, "Robin Lee");
    await expect(sign({ actor: client }, "Robin Lee")).rejects.toThrow(/signed this agreement already/);

    // A co-signer acknowledges the agency disclosure too, on their own link.
    expect(() => acknowledgeAgencyDisclosure(db, { token }, prepared.id, later)).toThrow(/Consent/);
    consentToSign(db, { token }, prepared.id, { consent: true }, later);
    acknowledgeAgencyDisclosure(db, { token }, prepared.id, later);
    agreementFile(db, { token }, prepared.id, later);
    expect((await sign({ token }, "Sam Lee")).completed).toBe(false);
    expect(() => signerOfLink(db, token, later)).toThrow(NotFoundError);
    expect(() => signerOfLink(db, `${token.slice(0, -1)}A`, later)).toThrow(NotFoundError);

    const stranger = upsertUserFromClaims(db, { email: "someone@example.com" });
    expect(() => getAgreement(db, stranger, prepared.id)).toThrow(NotFoundError);
    expect(() => agreementFile(db, { actor: stranger }, prepared.id)).toThrow(NotFoundError);

    consentToSign(db, { actor: agent }, prepared.id, { consent: true }, later);
    agreementFile(db, { actor: agent }, prepared.id, later);
    // A seal that fails: the signature stays, the agreement reads "sealing" and the next start seals it.
    const sealing = paper.signedPdf;
    paper.signedPdf = () => Promise.reject(new Error("the process stopped"));
    expectConsoleError(/sealing agreement \d+ failed/);
    expect(await sign({ actor: agent }, "Ana Agent")).toEqual({ completed: true, sealing: true });
    paper.signedPdf = sealing;
    expect(getAgreement(db, client, prepared.id, later).status).toBe("sealing");
    expect(await completePendingAgreements(db, paper, later)).toBe(1);

    const done = getAgreement(db, client, prepared.id, later);
    expect(done.status).toBe("signed");
    const row = db.select().from(agreements).where(eq(agreements.id, prepared.id)).get()!;
    const sealed = fs.readFileSync(path.join(dir, row.signedKey!));
    expect(createHash("sha256").update(sealed).digest("hex")).toBe(row.signedSha256);
    const document = db.select().from(documents).where(eq(documents.id, done.signedDocumentId!)).get()!;
    expect(document).toMatchObject({ transactionId: t.id, contentType: "application/pdf", sha256: row.signedSha256 });
    expect(() => removeDocument(db, admin, document.id)).toThrow(ConflictError);
    expect(() => assertBuyerAgreement(db, t, later)).not.toThrow();
    // After its end date it is expired, and an offer needs a new one.
    expect(() => assertBuyerAgreement(db, t, new Date(Date.UTC(2027, 3, 17, 18)))).toThrow(ConflictError);
    expect(getAgreement(db, client, prepared.id, new Date(Date.UTC(2027, 3, 17, 18))).status).toBe("expired");

    const actions = db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.subjectType, "agreement"))
      .all()
      .map((e) => e.action);
    for (const step of ["prepare", "send", "consent", "view", "sign", "complete"])
      expect(actions).toContain(`agreement.${step}`);
    const copies = outboxWithContent(db, "agreement").filter((m) => m.subject.startsWith("Signed by everyone"));
    expect(copies.map((m) => m.toAddress).sort()).toEqual(["ana@agency.test", "robin@example.com", "sam@example.com"]);

    if (hasPdfsig) {
      const file = path.join(dir, "sealed.pdf");
      fs.writeFileSync(file, sealed);
      expect(execFileSync("pdfsig", [file]).toString()).toContain("Signature is Valid.");
      const changed = Buffer.from(sealed);
      changed[200] = changed[200]! ^ 1;
      fs.writeFileSync(file, changed);
      expect(execFileSync("pdfsig", [file], { stdio: ["ignore", "pipe", "ignore"] }).toString()).not.toContain(
        "Signature is Valid.",
      );
    }
  });

  it("a void ends an unsigned agreement; a signed one cannot be voided", async () => {
    const { t, agent } = buyerTransaction();
    const template = listTemplates(db, admin).find((x) => x.kind === "buyer")!;
    const prepared = await prepareAgreement(db, agent, paper, t.id, {
      templateId: template.id,
      endsOn: addMonthsTo(new Date().toISOString().slice(0, 10), 2),
      compensation: { type: "percent" as const, value: 2.5 },
      signers: [],
    });
    sendAgreement(db, agent, prepared.id);
    expect(voidAgreement(db, agent, prepared.id).status).toBe("voided");
    expect(() => voidAgreement(db, agent, prepared.id)).toThrow(ConflictError);
  });

  it("a listing started on the site goes to the agent in turn and opens its selling transaction when countersigned", async () => {
    const agent = { ...addAgent(db, admin), isAgent: true };
    db.update(agencySettings).set({ routing: "round_robin" }).run();
    const seller = upsertUserFromClaims(db, { email: "casey@example.com", firstName: "Casey", lastName: "Ng" });
    const id = await startListing(db, seller, paper, {
      sellerName: "Casey Ng",
      address: "12 Palm St, San Diego",
      priceCents: 85_000_000,
      termMonths: 6,
      coSellers: [],
    });
    const view = getAgreement(db, seller, id);
    expect(view).toMatchObject({ kind: "listing", status: "sent", transactionId: null });
    expect(view.signers.map((s) => s.email)).toEqual(["casey@example.com", "ana@agency.test"]);
    consentToSign(db, { actor: seller }, id, { consent: true, agencyDisclosure: true });
    agreementFile(db, { actor: seller }, id);
    await signAgreement(db, paper, { actor: seller }, id, { typedName: "Casey Ng", agree: true });
    consentToSign(db, { actor: agent }, id, { consent: true });
    agreementFile(db, { actor: agent }, id);
    await signAgreement(db, paper, { actor: agent }, id, { typedName: "Ana Agent", agree: true });
    const opened = getAgreement(db, seller, id);
    expect(opened.status).toBe("signed");
    const transaction = db.select().from(transactions).where(eq(transactions.id, opened.transactionId!)).get()!;
    expect(transaction).toMatchObject({
      type: "selling",
      userId: seller.id,
      assignedAgentId: agent.id,
      homeValueCents: 85_000_000,
    });
    expect(
      db.select().from(transactionMilestones).where(eq(transactionMilestones.transactionId, transaction.id)).all()
        .length,
    ).toBe(14);

    // Its end date is a key date: a reminder 14 days before, once; the dashboard lists it meanwhile.
    const noon = new Date(Date.UTC(2030, 0, 10, 20));
    db.update(agreements).set({ endsOn: "2030-01-20" }).where(eq(agreements.id, id)).run();
    expect(remindListingEnds(db, new Date(Date.UTC(2030, 0, 5, 20)))).toBe(0);
    expect(listingAgreementWarnings(db, admin, noon).map((w) => [w.id, w.warning])).toEqual([[id, "ending"]]);
    expect(listingAgreementWarnings(db, agent, noon)).toHaveLength(1);
    const other = { ...addAgent(db, admin, "Ben", "07654321"), isAgent: true };
    expect(listingAgreementWarnings(db, other, noon)).toEqual([]);
    expect(remindListingEnds(db, new Date(Date.UTC(2030, 0, 10, 15)))).toBe(0); // 7 AM in San Diego: not yet
    expect(remindListingEnds(db, noon)).toBe(1);
    expect(remindListingEnds(db, noon)).toBe(0);
    const reminders = outboxWithContent(db, "agreement").filter((m) =>
      m.subject.startsWith("Your listing agreement ends"),
    );
    expect(reminders.map((m) => m.toAddress).sort()).toEqual(["ana@agency.test", "casey@example.com"]);
    expect(reminders[0]!.subject).toBe(`Your listing agreement ends on ${formatPlainDate("2030-01-20")}`);
  });

  it("any PDF of the transaction is sent for signature; the signed copy appends the pages and the seal", async () => {
    const { t, agent, client } = buyerTransaction();
    const source = await agreementPdf(templateBlocks("# A counter offer\n\nPrice: $880,000."), {
      title: "Counter",
      brokerage: "B",
    });
    const stored = await store.put("documents", Readable.from(source));
    const [documentId] = insertDocuments(
      db,
      { transactionId: t.id, uploadedBy: admin.id, role: "admin" },
      [{ ...stored, name: "Counter offer 1.pdf", contentType: "application/pdf" }],
      new Date(),
    );
    const prepared = await prepareAgreement(db, agent, paper, t.id, { documentId, fields: {}, signers: [] });
    expect(prepared).toMatchObject({ kind: "document", title: "Counter offer 1.pdf", documentId, endsOn: null });
    sendAgreement(db, agent, prepared.id);
    consentToSign(db, { actor: client }, prepared.id, { consent: true });
    agreementFile(db, { actor: client }, prepared.id);
    await signAgreement(db, paper, { actor: client }, prepared.id, { typedName: "Robin Lee", agree: true });
    consentToSign(db, { actor: agent }, prepared.id, { consent: true });
    agreementFile(db, { actor: agent }, prepared.id);
    expect(
      (await signAgreement(db, paper, { actor: agent }, prepared.id, { typedName: "Ana Agent", agree: true }))
        .completed,
    ).toBe(true);
    const row = db.select().from(agreements).where(eq(agreements.id, prepared.id)).get()!;
    const sealed = fs.readFileSync(path.join(dir, row.signedKey!));
    expect(await pageCount(sealed)).toBe((await pageCount(source))! + 2);
    if (hasPdfsig) {
      const file = path.join(dir, "counter.pdf");
      fs.writeFileSync(file, sealed);
      expect(execFileSync("pdfsig", [file]).toString()).toContain("Signature is Valid.");
    }
  });
});
