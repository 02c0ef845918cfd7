/**
 * Records the broker can stand behind (issue 43; docs/agreements.md): who signed the broker's seat, a signer's
 * full legal name, the PDF opened before signing, consent under E-SIGN (only when given, once, withdrawn, its
 * disclosure's version), the agency disclosure per signer, a buyer agreement's three months from the day it is
 * made, no blank line sent, the notice before the compensation, a PDF that cannot be sealed, a seal retried,
 * a co-signer's new link, one listing agreement per start. Each ran against the code before the issue and
 * failed there.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import {
  agreements,
  agreementSigners,
  agreementTemplates,
  auditEvents,
  listingStarts,
  transactions,
  users,
  type User,
} from "~/db/schema";
import { agreementPdf } from "~/infra/agreement-pdf.server";
import { DirectoryStore } from "~/infra/file-store.server";
import { consentSchema } from "~/lib/agreement-schema";
import { NOTICE_PLACE, SEEDED_TEMPLATES, templateBlocks, templateErrors } from "~/lib/agreement-template";
import { SEEDED_LEGAL_TEXTS } from "~/lib/legal-texts";
import { disclosureErrors } from "~/lib/esign-disclosure";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { addDaysTo, addMonthsTo, todayIn } from "~/lib/plain-date";
import { type AgreementPaper } from "~/models/agreement-access.server";
import { prepareAgreement, resendSigningLink, sendAgreement } from "~/models/agreement-prepare.server";
import { retryDueSeals, sealRetryDelayMs } from "~/models/agreement-seal.server";
import {
  acknowledgeAgencyDisclosure,
  agreementFile,
  consentToSign,
  signAgreement,
  signingState,
  withdrawConsent,
} from "~/models/agreement-signing.server";
import { saveLegalText } from "~/models/legal-text.server";
import { latestTemplate, listTemplates, seedTemplates } from "~/models/agreement-template.server";
import { getAgreement, toAgreementJson } from "~/models/agreement-view.server";
import { requestContext } from "~/models/audit-log.server";
import { currentDisclosure, saveDisclosure } from "~/models/consent-disclosure.server";
import { claimListingStart, holdListingStart, purgeListingStarts, startListing } from "~/models/listing-start.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { addAgent, freshDb, outboxWithContent } from "./db";
import { expectConsoleError } from "./setup";
import { useAgreementDesk } from "./agreement-desk";

const has = (tool: string) => {
  try {
    execFileSync(tool, ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

if (process.env.CI && !has("pdftotext")) throw new Error("pdftotext is missing: .ci/run installs poppler-utils");

let db: Db;
let dir: string;
let paper: AgreementPaper;
let admin: User;

// An admin the local sign-in knows by a first name only, whom the broker named to countersign for the brokerage.
useAgreementDesk(
  "agreement-records-",
  { email: "ada@agency.test", firstName: "Ada" },
  ["countersign"],
  (desk) => ({ db, dir, paper, admin } = desk),
);

const template = (kind: "listing" | "buyer") => listTemplates(db, admin).find((t) => t.kind === kind)!;
const asRequest = <T>(browser: string, run: () => T) => requestContext.run({ ip: "203.0.113.9", browser }, run);

/** A purchase with no agent (the broker's seat countersigns) for a client the local sign-in knows as "Sela". */
function purchaseWithoutAgent(firstName: string | null = "Sela") {
  const t = createTransaction(db, admin, {
    email: "sela@example.com",
    firstName: firstName ?? undefined,
    type: "buying",
    propertyAddress: "Any home in North Park",
    homeValue: "900000",
  });
  const client = upsertUserFromClaims(db, { email: "sela@example.com" });
  return { t, client };
}

async function buyerAgreement(
  t: { id: number },
  now = new Date(),
  extra: Partial<Parameters<typeof prepareAgreement>[4]> = {},
) {
  const prepared = await prepareAgreement(
    db,
    admin,
    paper,
    t.id,
    {
      templateId: template("buyer").id,
      endsOn: addMonthsTo(todayIn(now), 2),
      compensation: { type: "percent", value: 2.5 },
      signers: [],
      ...extra,
    },
    now,
  );
  sendAgreement(db, admin, prepared.id, now);
  return prepared.id;
}

describe("who signed the broker's seat", () => {
  it("an admin signs in their own name, for the brokerage; the record, the API and the certificate name them", async () => {
    const { t, client } = purchaseWithoutAgent("Robin");
    db.update(users).set({ lastName: "Lee" }).where(eq(users.id, client.id)).run();
    const id = await buyerAgreement(t);
    const seat = getAgreement(db, admin, id).signers.find((s) => s.role === "agent")!;
    expect(seat).toMatchObject({ forBroker: true, seatOpen: true, email: "hello@coastlineflatfee.com" });
    expect(seat.name).not.toContain("Jordan Reyes");

    consentToSign(db, { actor: client }, id, { consent: true, agencyDisclosure: true });
    agreementFile(db, { actor: client }, id);
    await signAgreement(db, paper, { actor: client }, id, { typedName: "Robin Lee", agree: true });
    // "Please sign" for the seat goes to the admins, not to the office's address.
    const asks = outboxWithContent(db, "agreement").filter((m) => m.subject.startsWith("Please sign"));
    expect(asks.map((m) => m.toAddress)).toContain("ada@agency.test");
    expect(asks.map((m) => m.toAddress)).not.toContain("hello@coastlineflatfee.com");

    asRequest("Chrome 131", () => consentToSign(db, { actor: admin }, id, { consent: true }));
    asRequest("Chrome 131", () => agreementFile(db, { actor: admin }, id));
    // Nobody types another person's name: the broker's is refused, and a first name alone too.
    await expect(
      signAgreement(db, paper, { actor: admin }, id, { typedName: "Jordan Reyes", agree: true }),
    ).rejects.toThrow(
      /Type your own full legal name: you sign for Coastline Flat Fee Realty in your name, not Jordan Reyes's/,
    );
    await expect(
      signAgreement(db, paper, { actor: admin }, id, { typedName: "Grace Hopper", agree: true }),
    ).rejects.toThrow(/full legal name, beginning with Ada/);
    await expect(signAgreement(db, paper, { actor: admin }, id, { typedName: "Ada", agree: true })).rejects.toThrow(
      /given name and your family name/,
    );
    const signed = await asRequest("Chrome 131", () =>
      signAgreement(db, paper, { actor: admin }, id, { typedName: "Ada Lovelace", agree: true }),
    );
    expect(signed).toEqual({ completed: true, sealing: false });

    // The admin's account now holds the legal name they typed (in the audit).
    expect(db.select().from(users).where(eq(users.id, admin.id)).get()).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
    });
    const renamed = db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "user.legal_name"), eq(auditEvents.subjectId, admin.id)))
      .get();
    expect(renamed?.changes).toMatchObject({ from: "Ada", to: "Ada Lovelace" });

    const json = toAgreementJson(getAgreement(db, admin, id));
    expect(json.status).toBe("signed");
    expect(json.signers[1]).toMatchObject({
      role: "agent",
      forBroker: true,
      name: "Ada Lovelace",
      email: "ada@agency.test",
      signedBy: { name: "Ada Lovelace", email: "ada@agency.test" },
    });

    if (has("pdftotext")) {
      const row = db.select().from(agreements).where(eq(agreements.id, id)).get()!;
      const file = path.join(dir, row.signedKey!);
      const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString().replace(/\s+/g, " ");
      expect(text).toContain("Ada Lovelace <ada@agency.test>, for Coastline Flat Fee Realty, broker (DRE #02212345)");
      expect(text).toContain("Ada Lovelace, for Coastline Flat Fee Realty, broker (DRE #02212345)");
      expect(text).toMatch(/Opened the document: .* from 203\.0\.113\.9, Chrome 131/);
      expect(text).toContain("Consented to sign electronically (disclosure version 1)");
      expect(text).toContain("The disclosure consented to (version 1)");
      expect(text).not.toMatch(/Jordan Reyes <|hello@coastlineflatfee\.com>/);
    }
  });

  it("preparing may name the admin who signs for the broker (an admin only); another admin may take the seat, their own record", async () => {
    const { t } = purchaseWithoutAgent();
    const other = upsertUserFromClaims(db, { email: "max@agency.test", firstName: "Max", lastName: "Ortiz" }, [
      "max@agency.test",
    ]);
    const named = { name: "Max Ortiz", email: "max@agency.test", role: "agent" as const };
    await expect(
      prepareAgreement(db, admin, paper, t.id, {
        templateId: template("buyer").id,
        endsOn: addMonthsTo(todayIn(new Date()), 2),
        compensation: { type: "percent", value: 2 },
        signers: [{ ...named, email: "sela@example.com" }],
      }),
    ).rejects.toThrow(/not an admin/);
    const id = await buyerAgreement(t, new Date(), { signers: [named] });
    expect(getAgreement(db, admin, id).signers[1]).toMatchObject({ name: "Max Ortiz", email: "max@agency.test" });
    // Ada takes the seat by acting on it: it is hers, and Max's consent is not carried over.
    db.update(agreementSigners)
      .set({ consentedAt: new Date() })
      .where(and(eq(agreementSigners.agreementId, id), eq(agreementSigners.role, "agent")))
      .run();
    consentToSign(db, { actor: admin }, id, { consent: true });
    const seat = db
      .select()
      .from(agreementSigners)
      .where(and(eq(agreementSigners.agreementId, id), eq(agreementSigners.role, "agent")))
      .get()!;
    expect(seat).toMatchObject({ userId: admin.id, email: "ada@agency.test", forBroker: true });
    expect(other.id).not.toBe(admin.id);
  });
});

describe("a signer's full legal name", () => {
  it("a first name alone becomes the account's full name at the first signature, and later ones must match it", async () => {
    const { t, client } = purchaseWithoutAgent("Sela");
    const id = await buyerAgreement(t);
    expect(getAgreement(db, client, id).signers[0]!.name).toBe("Sela");
    consentToSign(db, { actor: client }, id, { consent: true, agencyDisclosure: true });
    agreementFile(db, { actor: client }, id);
    const sign = (name: string, agreementId = id) =>
      signAgreement(db, paper, { actor: client }, agreementId, { typedName: name, agree: true });
    await expect(sign("Sela")).rejects.toThrow(/Type your full legal name/);
    await expect(sign("Maria Fonua")).rejects.toThrow(/beginning with Sela/);
    await sign("Sela  Fonua");
    expect(db.select().from(users).where(eq(users.id, client.id)).get()).toMatchObject({
      firstName: "Sela",
      lastName: "Fonua",
    });
    expect(getAgreement(db, client, id).signers[0]!.name).toBe("Sela Fonua");

    const second = await buyerAgreement(t);
    consentToSign(db, { actor: client }, second, { consent: true, agencyDisclosure: true });
    agreementFile(db, { actor: client }, second);
    await expect(sign("Sela Tupou", second)).rejects.toThrow("Type your full legal name: Sela Fonua");
    await sign("sela fonua", second);
  });

  it("an account with no name is never named by its e-mail address", async () => {
    const { t, client } = purchaseWithoutAgent(null);
    // The agreement's "Client names" is a blank to fill, never the address.
    await expect(buyerAgreement(t)).rejects.toThrow("Fill in before it is sent: Client names");
    const id = await buyerAgreement(t, new Date(), {
      fields: { clientNames: "Sela Fonua" },
      compensation: { type: "percent", value: 2 },
    });
    const view = getAgreement(db, client, id);
    expect(view.signers[0]!.name).toBe("");
    expect(view.title).not.toContain("@");
    expect(view.signers[0]!.email).toBe("sela@example.com");
  });

  it("a co-signer is named by their full legal name when prepared", async () => {
    const { t } = purchaseWithoutAgent();
    await expect(
      buyerAgreement(t, new Date(), { signers: [{ name: "Sam", email: "sam@example.com", role: "cosigner" }] }),
    ).rejects.toThrow(/co-signer's full legal name/);
  });
});

describe("consent under E-SIGN, the agency disclosure, the PDF opened", () => {
  it("only a consent given is recorded, once; it keeps the disclosure's version; a withdrawal stops the signature and tells staff", async () => {
    expect(consentSchema.safeParse({ consent: false }).success).toBe(false);
    expect(consentSchema.safeParse({}).success).toBe(false);
    expect(consentSchema.safeParse({ consent: "on" }).success).toBe(true);
    const { t, client } = purchaseWithoutAgent();
    const id = await buyerAgreement(t);
    const first = new Date(Date.now() + 1000);
    asRequest("Firefox", () =>
      consentToSign(db, { actor: client }, id, { consent: true, agencyDisclosure: true }, first),
    );
    asRequest("Safari", () => consentToSign(db, { actor: client }, id, { consent: true }, new Date(Date.now() + 5000)));
    const row = () => db.select().from(agreementSigners).where(eq(agreementSigners.userId, client.id)).get()!;
    expect(row()).toMatchObject({ consentedAt: first, consentBrowser: "Firefox" });
    expect(row().consentDisclosureId).toBe(currentDisclosure(db).id);

    withdrawConsent(db, { actor: client }, id);
    const told = outboxWithContent(db, "agreement").filter((m) => m.subject.startsWith("Consent withdrawn"));
    // The agreement's staff: every admin while the broker's seat is open (the broker and Ada).
    expect(told.map((m) => m.toAddress).sort()).toEqual(["ada@agency.test", "boss@agency.test"]);
    agreementFile(db, { actor: client }, id);
    await expect(
      signAgreement(db, paper, { actor: client }, id, { typedName: "Sela Fonua", agree: true }),
    ).rejects.toThrow(/Consent to sign electronically first/);
    // Consenting again after a withdrawal is a new record; the withdrawal is in the audit.
    consentToSign(db, { actor: client }, id, { consent: true });
    expect(row().consentWithdrawnAt).toBeNull();
    const actions = db
      .select({ a: auditEvents.action })
      .from(auditEvents)
      .all()
      .map((e) => e.a);
    expect(actions).toContain("agreement.consent_withdraw");
  });

  it("the disclosure is versioned: a new version keeps every topic E-SIGN asks for", () => {
    const v1 = currentDisclosure(db);
    expect(v1.version).toBe(1);
    expect(disclosureErrors(v1.body)).toEqual([]);
    expect(v1.body).toContain("hello@coastlineflatfee.com");
    expect(v1.body).toContain("(619) 555-0142");
    expect(v1.body).toMatch(/There is no fee/);
    expect(v1.body).toMatch(/never undoes a signature/);
    expect(() => saveDisclosure(db, admin, "# Consent\n\nJust sign.")).toThrow(InvalidInputError);
    const v2 = saveDisclosure(db, admin, `${v1.body}\n\nA new sentence.`);
    expect(v2.version).toBe(2);
    expect(currentDisclosure(db).id).toBe(v2.id);
  });

  it("the agency disclosure in full, acknowledged once in a transaction; a new version is asked at the next agreement", async () => {
    const { t, client } = purchaseWithoutAgent();
    const one = await buyerAgreement(t);
    // Not before the consent; the consent alone is not the acknowledgment.
    expect(() => acknowledgeAgencyDisclosure(db, { actor: client }, one)).toThrow(
      /Consent to sign electronically first/,
    );
    consentToSign(db, { actor: client }, one, { consent: true });
    const state = signingState(db, { actor: client }, one);
    expect(state.needsDisclosure).toBe(true);
    expect(state.agencyDisclosure.body).toContain("# DISCLOSURE REGARDING REAL ESTATE AGENCY RELATIONSHIP");
    acknowledgeAgencyDisclosure(db, { actor: client }, one);
    expect(getAgreement(db, client, one).signers[0]!.agencyDisclosure).toMatchObject({ version: 1 });
    // The same version, another agreement of the transaction: not asked again (carried when they act).
    const two = await buyerAgreement(t);
    consentToSign(db, { actor: client }, two, { consent: true });
    expect(signingState(db, { actor: client }, two).needsDisclosure).toBe(false);
    expect(getAgreement(db, client, two).signers[0]!.agencyDisclosure).toMatchObject({ version: 1 });
    // A new version (the law changed): asked at the next agreement.
    saveLegalText(db, admin, {
      kind: "agency_disclosure",
      body: `${SEEDED_LEGAL_TEXTS.agency_disclosure.body}\n\nA sentence the statute added.`,
      source: "Civil Code §2079.16 as amended (read 2027-01-02)",
    });
    const three = await buyerAgreement(t);
    consentToSign(db, { actor: client }, three, { consent: true });
    expect(signingState(db, { actor: client }, three)).toMatchObject({
      needsDisclosure: true,
      agencyDisclosure: { version: 2 },
    });
  });

  it("signing without opening the PDF is refused, naming it", async () => {
    const { t, client } = purchaseWithoutAgent();
    const id = await buyerAgreement(t);
    consentToSign(db, { actor: client }, id, { consent: true, agencyDisclosure: true });
    await expect(
      signAgreement(db, paper, { actor: client }, id, { typedName: "Sela Fonua", agree: true }),
    ).rejects.toThrow(/Open the PDF and read it before you sign/);
    expect(db.select().from(agreementSigners).where(eq(agreementSigners.userId, client.id)).get()!.viewedAt).toBeNull();
  });
});

describe("the agreements' rules", () => {
  it("a buyer agreement's three months count from the day it is made: prepared and signed", async () => {
    const { t, client } = purchaseWithoutAgent();
    const today = todayIn(new Date());
    await expect(
      buyerAgreement(t, new Date(), { startsOn: addDaysTo(today, 60), endsOn: addDaysTo(today, 150) }),
    ).rejects.toThrow(/from the day it is made/);
    const made = new Date();
    const id = await buyerAgreement(t, made, { endsOn: addMonthsTo(today, 3) });
    consentToSign(db, { actor: client }, id, { consent: true, agencyDisclosure: true });
    agreementFile(db, { actor: client }, id);
    // One prepared before this rule, ending 150 days out: its client's signature is refused, naming the rule.
    db.update(agreements)
      .set({ endsOn: addDaysTo(today, 150) })
      .where(eq(agreements.id, id))
      .run();
    await expect(
      signAgreement(db, paper, { actor: client }, id, { typedName: "Sela Fonua", agree: true }, made),
    ).rejects.toThrow(/more than three months after today \(Civil Code §1670\.50/);
    db.update(agreements)
      .set({ endsOn: addMonthsTo(today, 3) })
      .where(eq(agreements.id, id))
      .run();
    await signAgreement(db, paper, { actor: client }, id, { typedName: "Sela Fonua", agree: true }, made);
  });

  it("nothing goes out with a blank line: prepare and send answer 400 naming each blank", async () => {
    const { t } = purchaseWithoutAgent();
    await expect(buyerAgreement(t, new Date(), { compensation: undefined })).rejects.toThrow(
      "Fill in before it is sent: Buyer's broker compensation",
    );
    const prepared = await prepareAgreement(db, admin, paper, t.id, {
      templateId: template("buyer").id,
      endsOn: addMonthsTo(todayIn(new Date()), 2),
      compensation: { type: "percent", value: 2 },
      signers: [],
    });
    // A draft from before the rule, with its compensation blank.
    db.update(agreements)
      .set({ fields: { ...prepared, buyerBrokerCompensation: "" } as unknown as Record<string, string> })
      .where(eq(agreements.id, prepared.id))
      .run();
    expect(() => sendAgreement(db, admin, prepared.id)).toThrow(/Buyer's broker compensation/);
  });

  it("the §10147.5 notice stands immediately before the compensation section; an older seeded text gets the new version", () => {
    for (const kind of ["listing", "buyer"] as const) {
      const blocks = templateBlocks(SEEDED_TEMPLATES[kind].body);
      const notice = blocks.findIndex((b) => b.kind === "bold");
      expect(blocks[notice]!.text).toBe("{{commissionNotice}}");
      expect(blocks[notice + 1]!.kind).toBe("heading");
      expect(blocks[notice + 2]!.text).toContain(kind === "listing" ? "{{flatFee}}" : "{{buyerBrokerCompensation}}");
    }
    // The notice after the compensation section: refused.
    const after = SEEDED_TEMPLATES.buyer.body
      .replace(`${NOTICE_PLACE}\n\n`, "")
      .replace("# 4. Agency", `${NOTICE_PLACE}\n\n# 4. Agency`);
    expect(templateErrors("buyer", after)).toEqual([expect.stringMatching(/immediately before the section/)]);
    // The notice's words written into a template rather than its place: refused (the broker updates the notice).
    const written = SEEDED_TEMPLATES.buyer.body.replace(
      NOTICE_PLACE,
      `**${SEEDED_LEGAL_TEXTS.commission_notice_buyer.body}**`,
    );
    expect(templateErrors("buyer", written)[0]).toMatch(/as its place/);
    // A database seeded with an older text (nobody edited it) gets the new seeded version at start.
    const fresh = freshDb();
    fresh.insert(agreementTemplates).values({ kind: "buyer", version: 1, name: "Buyer", body: after }).run();
    seedTemplates(fresh);
    expect(latestTemplate(fresh, "buyer")).toMatchObject({ version: 2, body: SEEDED_TEMPLATES.buyer.body });
  });

  it("an encrypted or damaged PDF is refused when prepared, naming why", async () => {
    const { t } = purchaseWithoutAgent();
    const good = await agreementPdf(templateBlocks("# A counter offer\n\nPrice: $880,000."), {
      title: "C",
      brokerage: "B",
    });
    const doc = await PDFDocument.load(good);
    const plain = Buffer.from(await doc.save({ useObjectStreams: false })).toString("latin1");
    const encrypted = Buffer.from(
      plain.replace(/trailer\s*<</, "trailer\n<< /Encrypt << /Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4 >>"),
      "latin1",
    );
    const damaged = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >>\nnot a pdf at all\n%%EOF");
    const store = new DirectoryStore(dir);
    const { insertDocuments } = await import("~/models/document.server");
    for (const [bytes, why] of [
      [encrypted, /encrypted \(protected by a password\)/],
      [damaged, /damaged and cannot be sealed/],
    ] as const) {
      const stored = await store.put("documents", Readable.from(bytes));
      const [documentId] = insertDocuments(
        db,
        { transactionId: t.id, uploadedBy: admin.id, role: "admin" },
        [{ ...stored, name: "Counter.pdf", contentType: "application/pdf" }],
        new Date(),
      );
      await expect(prepareAgreement(db, admin, paper, t.id, { documentId, fields: {}, signers: [] })).rejects.toThrow(
        why,
      );
    }
  });

  it("a seal that fails keeps the signatures, reads sealing, tells staff once and is retried with backoff by the jobs", async () => {
    const { t, client } = purchaseWithoutAgent();
    const agent = addAgent(db, admin);
    db.update(transactions).set({ assignedAgentId: agent.id }).where(eq(transactions.id, t.id)).run();
    const id = await buyerAgreement(t);
    consentToSign(db, { actor: client }, id, { consent: true, agencyDisclosure: true });
    agreementFile(db, { actor: client }, id);
    await signAgreement(db, paper, { actor: client }, id, { typedName: "Sela Fonua", agree: true });
    const agentActor = { ...agent, isAgent: true };
    consentToSign(db, { actor: agentActor }, id, { consent: true });
    agreementFile(db, { actor: agentActor }, id);
    const sealing = paper.signedPdf;
    paper.signedPdf = () => Promise.reject(new Error("disk full"));
    expectConsoleError(/sealing agreement \d+ failed/);
    const now = new Date();
    expect(
      await signAgreement(db, paper, { actor: agentActor }, id, { typedName: "Ana Agent", agree: true }, now),
    ).toEqual({
      completed: true,
      sealing: true,
    });
    expect(getAgreement(db, client, id, now)).toMatchObject({ status: "sealing", sealError: "disk full" });
    const row = () => db.select().from(agreements).where(eq(agreements.id, id)).get()!;
    expect(row().sealNextAt).toEqual(new Date(now.getTime() + sealRetryDelayMs(1)));
    // Not due yet; then due and failing again: the delay doubles, and staff were told once.
    expect(await retryDueSeals(db, paper, new Date(now.getTime() + 30_000))).toBe(0);
    expect(await retryDueSeals(db, paper, new Date(now.getTime() + 61_000))).toBe(0);
    expect(row().sealAttempts).toBe(2);
    expect(sealRetryDelayMs(2)).toBe(120_000);
    expect(outboxWithContent(db, "agreement").filter((m) => m.subject.startsWith("Sealing failed"))).toHaveLength(1);
    paper.signedPdf = sealing;
    expect(await retryDueSeals(db, paper, new Date(now.getTime() + 10 * 60_000))).toBe(1);
    expect(row()).toMatchObject({ status: "signed", sealNextAt: null, sealError: null });
  });

  it("a co-signer whose link expired gets a fresh one from staff; the old one dies, nothing signed is undone", async () => {
    const { t, client } = purchaseWithoutAgent();
    const now = new Date();
    const id = await buyerAgreement(t, now, {
      signers: [{ name: "Sam Fonua", email: "sam@example.com", role: "cosigner" }],
    });
    consentToSign(db, { actor: client }, id, { consent: true, agencyDisclosure: true }, now);
    agreementFile(db, { actor: client }, id, now);
    await signAgreement(db, paper, { actor: client }, id, { typedName: "Sela Fonua", agree: true }, now);
    const link = (mail: { textBody: string }) => /\/sign\/([A-Za-z0-9_-]{43})/.exec(mail.textBody)![1]!;
    const first = link(outboxWithContent(db, "agreement").find((m) => m.toAddress === "sam@example.com")!);
    const eightDays = new Date(now.getTime() + 8 * 24 * 3600_000);
    expect(() => consentToSign(db, { token: first }, id, { consent: true, agencyDisclosure: true }, eightDays)).toThrow(
      NotFoundError,
    );
    const cosigner = getAgreement(db, admin, id).signers.find((s) => s.role === "cosigner")!;
    resendSigningLink(db, admin, id, cosigner.id, eightDays);
    const mails = outboxWithContent(db, "agreement").filter((m) => m.toAddress === "sam@example.com");
    const fresh = link(mails[mails.length - 1]!);
    expect(fresh).not.toBe(first);
    consentToSign(db, { token: fresh }, id, { consent: true, agencyDisclosure: true }, eightDays);
    expect(getAgreement(db, admin, id, eightDays).signers[0]!.signedAt).not.toBeNull();
    expect(() => resendSigningLink(db, admin, id, getAgreement(db, admin, id).signers[0]!.id)).toThrow(NotFoundError);
  });
});

describe("start your listing", () => {
  const terms = {
    sellerName: "Casey Ng",
    address: "12 Palm St, San Diego",
    priceCents: 85_000_000,
    termMonths: 6,
    coSellers: [],
  };

  it("one agreement per home: a second tab or a double click finds the same one", async () => {
    const seller = upsertUserFromClaims(db, { email: "casey@example.com", firstName: "Casey" });
    const [a, b] = await Promise.all([startListing(db, seller, paper, terms), startListing(db, seller, paper, terms)]);
    const c = await startListing(db, seller, paper, { ...terms, address: " 12  palm st, San Diego " });
    expect(new Set([a, b, c]).size).toBe(1);
    expect(db.select().from(agreements).all()).toHaveLength(1);
    // Named as they typed their legal name, never by their e-mail.
    expect(getAgreement(db, seller, a).signers[0]!.name).toBe("Casey Ng");
  });

  it("only the browser that started it claims it, once; unclaimed starts go after 7 days", async () => {
    const now = new Date();
    const held = holdListingStart(db, { ...terms, price: 850_000 }, now);
    const seller = upsertUserFromClaims(db, { email: "casey@example.com" });
    const stranger = upsertUserFromClaims(db, { email: "someone@example.com" });
    await expect(claimListingStart(db, stranger, paper, held.token, null, now)).rejects.toThrow(NotFoundError);
    await expect(claimListingStart(db, stranger, paper, held.token, "a-guess", now)).rejects.toThrow(NotFoundError);
    const [x, y] = await Promise.all([
      claimListingStart(db, seller, paper, held.token, held.browserSecret, now),
      claimListingStart(db, seller, paper, held.token, held.browserSecret, now),
    ]);
    expect(x).toBe(y);
    expect(await claimListingStart(db, seller, paper, held.token, null, now)).toBe(x);
    await expect(claimListingStart(db, stranger, paper, held.token, held.browserSecret, now)).rejects.toThrow(
      NotFoundError,
    );
    expect(db.select().from(agreements).all()).toHaveLength(1);

    holdListingStart(db, { ...terms, price: 850_000 }, now);
    expect(purgeListingStarts(db, new Date(now.getTime() + 6 * 24 * 3600_000))).toBe(0);
    expect(purgeListingStarts(db, new Date(now.getTime() + 8 * 24 * 3600_000))).toBe(1);
    expect(db.select().from(listingStarts).all()).toHaveLength(1);
  });
});
