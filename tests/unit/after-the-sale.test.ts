/**
 * After the sale, at the door, in the file (issue 55): the rules behind what new users met, through the API and the
 * models (the pages are tried in tests/e2e/after-the-sale.spec.ts).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  agreements,
  agreementSigners,
  auditEvents,
  documents,
  images,
  payouts,
  transactions,
  type User,
} from "~/db/schema";
import { ConflictError, ForbiddenError, NotFoundError } from "~/lib/errors";
import { addDaysTo, instantAt, todayIn } from "~/lib/plain-date";
import { UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { describeChanges } from "~/models/audit.server";
import { correctClientName } from "~/models/client-name.server";
import { closedTransaction, closedTransactions } from "~/models/closed-transactions.server";
import { listPayouts } from "~/models/commission.server";
import { documentsPage, insertDocuments, removeDocument } from "~/models/document.server";
import { checklistEvent, getChecklist } from "~/models/file-review.server";
import { returnedToAgent } from "~/models/file-review-queue.server";
import { listingStats, putHomeListing } from "~/models/home-listing.server";
import { scheduleOpenHouse, signInVisitor } from "~/models/open-house.server";
import { answerSoldConsent, listSold } from "~/models/sold-home.server";
import { assignTransaction } from "~/models/team.server";
import { patchTransaction } from "~/models/transaction-edit.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { loader as flyer } from "~/routes/homes.$slug_.flyer[.]pdf";
import { loader as homePage } from "~/routes/homes.$slug";
import { action as uploadPhotos } from "~/routes/api.transactions.$id.photos";
import { action as teamPhoto } from "~/routes/api.team.$id.photo";
import { action as clientNameApi } from "~/routes/api.transactions.$id.client-name";
import { loader as closedPage } from "~/routes/client-portal_.closed.$id";
import { loader as portal } from "~/routes/client-portal/route";
import { insertSignedListingAgreement } from "../signed-agreement";
import { addAgent, migratedFrom, outboxWithContent, useAppDb } from "./db";
import { answer, args, get, ORIGIN, sessionCookie } from "./request";

const app = useAppDb();

/** A live sale of the client's at `address`, listed at $849,000, assigned to `agent`. */
function liveSale(agent: User, address = "77 Laurel St, San Diego, CA 92101") {
  const t = createTransaction(
    app.db,
    app.admin,
    { email: app.client.email, type: "selling", propertyAddress: address, homeValue: "849000" },
    { notify: false },
  );
  insertSignedListingAgreement(app.db, t, { fields: { flatFee: "$9,000" }, signers: ["Robin Seller"] });
  assignTransaction(app.db, app.admin, t.id, { assignedAgentId: agent.id, collaboratorIds: [] });
  putHomeListing(app.db, app.admin, t.id, { mlsEnteredOn: addDaysTo(todayIn(new Date()), -7), price: 849000 });
  putHomeListing(app.db, app.client, t.id, { published: true });
  return t;
}

/**
 * An open house of the sale tomorrow from 10 to noon, San Diego time, hosted by `hostId`, and a moment its door is
 * open (10:30 that day): the same whatever hour the tests run (one scheduled from "now" could span midnight).
 */
function openHouseTomorrow(transactionId: number, hostId: string) {
  const day = addDaysTo(todayIn(new Date()), 1);
  const o = scheduleOpenHouse(app.db, app.admin, transactionId, {
    start: `${day}T10:00`,
    end: `${day}T12:00`,
    hostId,
  });
  return { o, atTheDoor: new Date(instantAt(day, 10).getTime() + 30 * 60_000) };
}

const close = (id: number, price = "845000") =>
  patchTransaction(app.db, app.admin, id, { status: "completed", closingPrice: price, override: "Closed on paper" });

// ---------------------------------------------------------------------------------------------------------------
// Images that cannot be read

/** The CRC-32 of PNG chunks (ISO 3309), table-free: a test builds its own file byte by byte. */
function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG of 30,000 × 30,000 one-bit pixels, all black, about 110 KB on disk and 900
 * megapixels (gigabytes of RGBA) once decoded.
 */
function bombPng() {
  const side = 30_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(side * (1 + side / 8)); // each row: filter 0, then 3,750 zero bytes
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: "#88aacc" } })
    .jpeg()
    .toBuffer();

async function multipart(p: string, user: User, field: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  return new Request(`${ORIGIN}${p}`, {
    method: "POST",
    body: form,
    headers: { origin: ORIGIN, cookie: await sessionCookie(user) },
  });
}

describe("an image that cannot be read", () => {
  it("a decompression bomb and a truncated JPEG are refused with 400 naming why, nothing stored, on every upload", async () => {
    const ana = addAgent(app.db, app.admin);
    const t = liveSale(ana);
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(200_000);
    const truncated = (await photo()).subarray(0, 4000);
    for (const [name, bytes, message] of [
      ["bomb.png", bomb, UPLOAD_MESSAGES.imageTooManyPixels],
      ["cut.jpg", truncated, UPLOAD_MESSAGES.imageUnreadable],
    ] as const) {
      const listing = await answer(async () =>
        uploadPhotos(
          args(await multipart(`/api/transactions/${t.id}/photos`, ana, "photos", name, bytes), { id: String(t.id) }),
        ),
      );
      expect([name, listing.status, (listing.data as { message: string }).message]).toEqual([name, 400, message]);
      const profile = await answer(async () =>
        teamPhoto(args(await multipart(`/api/team/${ana.id}/photo`, ana, "photo", name, bytes), { id: ana.id })),
      );
      expect([name, profile.status, (profile.data as { message: string }).message]).toEqual([name, 400, message]);
    }
    // Nothing stored: no image, no photo.
    expect(app.db.select().from(images).all()).toEqual([]);
    // A real photo still goes in.
    const good = await answer(async () =>
      uploadPhotos(
        args(await multipart(`/api/transactions/${t.id}/photos`, ana, "photos", "front.jpg", await photo()), {
          id: String(t.id),
        }),
      ),
    );
    expect(good.status).toBe(201);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The door, the open houses

describe("open houses", () => {
  it("an open house identical to one scheduled is refused (409 naming it); a cancelled one may be scheduled again", () => {
    const ana = addAgent(app.db, app.admin);
    const t = liveSale(ana);
    const day = addDaysTo(todayIn(new Date()), 7);
    const input = { start: `${day}T13:00`, end: `${day}T15:00`, hostId: ana.id };
    const first = scheduleOpenHouse(app.db, app.admin, t.id, input);
    expect(() => scheduleOpenHouse(app.db, ana, t.id, input)).toThrow(ConflictError);
    expect(() => scheduleOpenHouse(app.db, ana, t.id, input)).toThrow(
      /from .* 1:00 PM to 3:00 PM is already scheduled/,
    );
    // Another time the same day is another open house.
    scheduleOpenHouse(app.db, app.admin, t.id, { ...input, start: `${day}T16:00`, end: `${day}T17:00` });
    app.db.$client.prepare("UPDATE open_houses SET cancelled_at = ? WHERE id = ?").run(Date.now(), first.id);
    expect(scheduleOpenHouse(app.db, app.admin, t.id, input).id).not.toBe(first.id);
  });

  it("the seller's count tells sign-ins from visitors: the same e-mail, phone or name twice is one visitor", () => {
    const ana = addAgent(app.db, app.admin);
    const t = liveSale(ana);
    const { o, atTheDoor } = openHouseTomorrow(t.id, ana.id);
    const sign = (v: { name: string; email?: string; phone?: string }) =>
      signInVisitor(app.db, o.token, { hasAgent: false, wantsSimilar: false, ...v }, atTheDoor);
    sign({ name: "Dana Lee", email: "dana@example.com" });
    sign({ name: "Dana Lee", email: "DANA@example.com" });
    sign({ name: "Sam Ray", phone: "6195550100" });
    sign({ name: "Samuel Ray", phone: "6195550100" });
    sign({ name: "Kim Park", email: "kim@example.com" });
    expect(listingStats(app.db, t.id)).toMatchObject({ signIns: 5, visitors: 3 });
  });

  it("a lead alert for a visitor who gave only a phone says to call them, with no reply-to", () => {
    const ana = addAgent(app.db, app.admin);
    const t = liveSale(ana);
    const { o, atTheDoor } = openHouseTomorrow(t.id, ana.id);
    signInVisitor(
      app.db,
      o.token,
      { name: "Sam Ray", phone: "(619) 555-0100", hasAgent: false, wantsSimilar: false },
      atTheDoor,
    );
    const alert = outboxWithContent(app.db, "lead_alert").at(-1)!;
    expect(alert.replyTo).toBeNull();
    expect(alert.textBody).toContain("Sam Ray gave no e-mail address: call them at (619) 555-0100");
    expect(alert.htmlBody).toContain('href="tel:6195550100"');
    expect(alert.textBody).not.toMatch(/reply to this e-mail/i);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// A closed sale stays the client's

describe("a closed transaction", () => {
  it("stays its client's to read: listed newest first, read alone, 404 for anyone else or while active", async () => {
    const ana = addAgent(app.db, app.admin);
    const t = liveSale(ana);
    insertDocuments(
      app.db,
      { transactionId: t.id, uploadedBy: null, role: "admin", sealed: true },
      [
        {
          key: `documents/sealed-${t.id}`,
          name: "Listing agreement (signed).pdf",
          contentType: "application/pdf",
          size: 9,
          sha256: "a".repeat(64),
        },
      ],
      new Date(Date.now() - 120_000),
    );
    for (const name of ["Inspection report.pdf", "Final settlement statement.pdf", "Appraisal.pdf"]) {
      insertDocuments(
        app.db,
        { transactionId: t.id, uploadedBy: app.admin.id, role: "admin" },
        [{ key: `documents/${name}`, name, contentType: "application/pdf", size: 9, sha256: "b".repeat(64) }],
        new Date(),
      );
    }
    // Active: not closed.
    expect(closedTransactions(app.db, app.client)).toEqual([]);
    expect(() => closedTransaction(app.db, app.client, t.id)).toThrow(NotFoundError);
    close(t.id);
    app.db.update(transactions).set({ closingOn: "2026-11-20" }).where(eq(transactions.id, t.id)).run();
    const cancelled = createTransaction(
      app.db,
      app.admin,
      { email: app.client.email, type: "buying", searchArea: "North Park" },
      { notify: false },
    );
    patchTransaction(app.db, app.admin, cancelled.id, { status: "cancelled" });
    expect(closedTransactions(app.db, app.client)).toEqual([
      expect.objectContaining({
        id: cancelled.id,
        status: "cancelled",
        address: "North Park",
        closingPriceCents: null,
      }),
      expect.objectContaining({
        id: t.id,
        status: "completed",
        address: "77 Laurel St, San Diego, CA 92101",
        closedOn: "2026-11-20",
        closingPriceCents: 84_500_000,
        agentName: "Ana Agent",
      }),
    ]);
    // Its page: the signed agreement first, the settlement statement next, nothing removable.
    const page = await answer(async () =>
      closedPage(args(await get(`/client-portal/closed/${t.id}`, app.client), { id: String(t.id) })),
    );
    expect(page.status).toBe(200);
    const data = page.data as { documents: { list: Array<{ name: string; mayRemove: boolean }> } };
    expect(data.documents.list.map((d) => d.name)).toEqual([
      "Listing agreement (signed).pdf",
      "Final settlement statement.pdf",
      "Appraisal.pdf",
      "Inspection report.pdf",
    ]);
    expect(data.documents.list.every((d) => !d.mayRemove)).toBe(true);
    // Anyone else: 404 (another client, the agent: staff read it on the Manage page).
    const other = upsertUserFromClaims(app.db, { email: "rae@example.com" });
    for (const who of [other, ana]) {
      const refused = await answer(async () =>
        closedPage(args(await get(`/client-portal/closed/${t.id}`, who), { id: String(t.id) })),
      );
      expect(refused.status).toBe(404);
    }
    // The portal lists them; a closed sale's agreements are in its own view, not the portal's.
    const home = (await answer(async () => portal(args(await get("/client-portal", app.client))))).data as {
      closed: Array<{ id: number }>;
      agreements: unknown[];
    };
    expect(home.closed.map((c) => c.id)).toEqual([cancelled.id, t.id]);
    expect(home.agreements).toEqual([]);
  });

  it("a sealed copy (a signed agreement, a CDA) is never removed: 409, and no Remove offered", () => {
    const t = createTransaction(
      app.db,
      app.admin,
      { email: app.client.email, type: "selling", propertyAddress: "1 Seal Ct" },
      { notify: false },
    );
    const [sealed, plain] = insertDocuments(
      app.db,
      { transactionId: t.id, uploadedBy: app.admin.id, role: "admin", adminOnly: true, sealed: true },
      [{ key: "documents/cda-1", name: "CDA.pdf", contentType: "application/pdf", size: 9, sha256: "c".repeat(64) }],
      new Date(),
    ).concat(
      insertDocuments(
        app.db,
        { transactionId: t.id, uploadedBy: app.admin.id, role: "admin" },
        [{ key: "documents/x", name: "X.pdf", contentType: "application/pdf", size: 9, sha256: "c".repeat(64) }],
        new Date(),
      ),
    );
    expect(() => removeDocument(app.db, app.admin, sealed!)).toThrow(ConflictError);
    expect(app.db.select().from(documents).where(eq(documents.id, sealed!)).get()!.removedAt).toBeNull();
    const listed = documentsPage(app.db, app.admin, t.id).list;
    expect(listed.map((d) => [d.name, d.mayRemove])).toEqual([
      ["X.pdf", true],
      ["CDA.pdf", false],
    ]);
    removeDocument(app.db, app.admin, plain!);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Sold: the closing price, the photo the seller allowed

describe("a sold home", () => {
  it("shows what it sold for, on its page, its flyer and its /sold card with the allowed photo and a link", async () => {
    const ana = addAgent(app.db, app.admin);
    const t = liveSale(ana);
    const flyerText = async () => {
      const response = (await flyer(
        args(await get("/homes/77-laurel-st-92101/flyer.pdf"), { slug: "77-laurel-st-92101" }),
      )) as Response;
      const dir = mkdtempSync(path.join(tmpdir(), "flyer-"));
      writeFileSync(path.join(dir, "f.pdf"), Buffer.from(await response.arrayBuffer()));
      return execFileSync("pdftotext", [path.join(dir, "f.pdf"), "-"])
        .toString()
        .replace(/\s+/g, " ");
    };
    // Live: the list price, and the listing agent with their phone and e-mail.
    let text = await flyerText();
    expect(text).toContain("$849,000");
    expect(text).toContain("Ana Agent, DRE #01234567 · 619-555-0101 · ana@agency.test");
    const good = await answer(async () =>
      uploadPhotos(
        args(await multipart(`/api/transactions/${t.id}/photos`, ana, "photos", "front.jpg", await photo()), {
          id: String(t.id),
        }),
      ),
    );
    expect(good.status).toBe(201);

    close(t.id);
    // The seller shows the sale by its neighbourhood only: the page (which names the street) stays down.
    answerSoldConsent(app.db, app.client, t.id, { show: true, detail: "neighbourhood", photo: true });
    let [card] = listSold(app.db, { page: 1 }).items;
    expect(card).toMatchObject({ place: "Downtown San Diego, 92101", url: null, priceCents: 84_500_000 });
    expect(card!.photo?.alt).toBe("Photo of the home, Downtown San Diego, 92101");
    const hidden = await answer(async () =>
      homePage(args(await get("/homes/77-laurel-st-92101"), { slug: "77-laurel-st-92101" })),
    );
    expect(hidden.status).toBe(404);
    // With the street: the page says "Sold" at the closing price; the card links to it. Without a photo: none.
    answerSoldConsent(app.db, app.client, t.id, { show: true, detail: "address", photo: false });
    [card] = listSold(app.db, { page: 1 }).items;
    expect(card).toMatchObject({
      place: "77 Laurel St, San Diego, CA 92101",
      url: "/homes/77-laurel-st-92101",
      photo: null,
    });
    const shown = await answer(async () =>
      homePage(args(await get("/homes/77-laurel-st-92101"), { slug: "77-laurel-st-92101" })),
    );
    expect(shown.data).toMatchObject({ sold: true, priceCents: 84_500_000, photos: [] });
    text = await flyerText();
    expect(text).toContain("Sold for $845,000");
    expect(text).not.toContain("$849,000");
    answerSoldConsent(app.db, app.client, t.id, { show: true, detail: "address", photo: true });
    [card] = listSold(app.db, { page: 1 }).items;
    expect(card!.photo?.src).toMatch(/^\/images\/[0-9a-f]{32}-800\.webp$/);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Names, the agent's first screen, words

describe("names and words", () => {
  it("an admin corrects a client's legal name: audited, e-mailed, their unsigned agreements follow, signed ones kept", async () => {
    const ana = addAgent(app.db, app.admin);
    const t = liveSale(ana);
    app.db.$client
      .prepare("UPDATE users SET first_name = 'Robin', last_name = 'Sellr' WHERE id = ?")
      .run(app.client.id);
    const waiting = app.db
      .insert(agreements)
      .values({
        transactionId: t.id,
        clientId: app.client.id,
        kind: "document",
        title: "Addendum",
        fields: {},
        status: "sent",
        unsignedKey: "agreements/addendum",
        unsignedSha256: "0".repeat(64),
      })
      .returning()
      .get();
    app.db
      .insert(agreementSigners)
      .values({
        agreementId: waiting.id,
        position: 0,
        role: "client",
        name: "Robin Sellr",
        email: app.client.email,
        userId: app.client.id,
      })
      .run();
    // An agent may not; an empty name is a 400 on its field.
    expect(() => correctClientName(app.db, ana, t.id, { firstName: "Robin", lastName: "Seller" })).toThrow(
      ForbiddenError,
    );
    const put = async (user: User, body: unknown) =>
      answer(async () =>
        clientNameApi(
          args(
            new Request(`${ORIGIN}/api/transactions/${t.id}/client-name`, {
              method: "PUT",
              headers: { origin: ORIGIN, "content-type": "application/json", cookie: await sessionCookie(user) },
              body: JSON.stringify(body),
            }),
            { id: String(t.id) },
          ),
        ),
      );
    expect((await put(app.admin, { firstName: "Robin", lastName: "" })).status).toBe(400);
    expect((await put(ana, { firstName: "Robin", lastName: "Seller" })).status).toBe(403);
    const done = await put(app.admin, { firstName: "Robin", lastName: "Seller" });
    expect(done.data).toMatchObject({ firstName: "Robin", lastName: "Seller" });
    const signers = app.db.select().from(agreementSigners).all();
    expect(signers.find((s) => s.agreementId === waiting.id)!.name).toBe("Robin Seller");
    // The signed listing agreement keeps the name it was signed with.
    expect(signers.find((s) => s.agreementId !== waiting.id)!.name).toBe("Robin Seller");
    const audit = app.db.select().from(auditEvents).where(eq(auditEvents.action, "user.legal_name")).all();
    expect(audit.map((a) => a.changes)).toEqual([{ from: "Robin Sellr", to: "Robin Seller", correctedBy: "admin" }]);
    const mail = outboxWithContent(app.db, "client_notice").filter((m) => m.subject.startsWith("Your name"));
    expect(mail.map((m) => [m.toAddress, m.subject])).toEqual([
      [app.client.email, "Your name on our records was corrected"],
    ]);
    expect(mail[0]!.textBody).toContain('from "Robin Sellr" to "Robin Seller"');
  });

  it("an agent's returned file items, for their dashboard; a payout names the home; the History's dates in words", () => {
    const ana = addAgent(app.db, app.admin);
    const t = liveSale(ana);
    const item = getChecklist(app.db, app.admin, t.id).items.find((i) => i.required)!;
    const [documentId] = insertDocuments(
      app.db,
      { transactionId: t.id, uploadedBy: ana.id, role: "admin" },
      [{ key: "documents/item", name: "Item.pdf", contentType: "application/pdf", size: 9, sha256: "d".repeat(64) }],
      new Date(),
    );
    checklistEvent(app.db, ana, item.id, { type: "attach", documentId: documentId! });
    checklistEvent(app.db, ana, item.id, { type: "ready" });
    expect(returnedToAgent(app.db, ana)).toEqual([]);
    checklistEvent(app.db, app.admin, item.id, { type: "return", comment: "Unsigned" });
    expect(returnedToAgent(app.db, ana)).toEqual([
      {
        id: item.id,
        name: item.name,
        title: "77 Laurel St, San Diego, CA 92101",
        href: `/admin/transactions/${t.id}/documents#item-${item.id}`,
      },
    ]);
    const other = addAgent(app.db, app.admin, "Bo", "07654321");
    expect(returnedToAgent(app.db, other)).toEqual([]);

    // Its payout (as a completion with the agent's plan records it: tests/unit/payouts.test.ts).
    app.db
      .insert(payouts)
      .values({
        transactionId: t.id,
        agentId: ana.id,
        closedOn: todayIn(new Date()),
        grossCents: 900_000,
        referralCents: 0,
        brokerageCents: 270_000,
        agentCents: 630_000,
        feeCents: 0,
      })
      .run();
    const year = Number(todayIn(new Date()).slice(0, 4));
    expect(listPayouts(app.db, ana, { year }).items.map((p) => p.title)).toEqual(["77 Laurel St, San Diego, CA 92101"]);

    expect(describeChanges({ closingOn: { before: null, after: "2026-12-23" } }, (d) => `day ${d}`)).toBe(
      "closingOn: (none) → day 2026-12-23",
    );
    // The CSV keeps what is stored.
    expect(describeChanges({ acceptedOn: "2026-11-18" })).toBe("acceptedOn: 2026-11-18");
  });
});

describe("migration 0034", () => {
  it("marks the sealed copies (restoring a CDA marked removed) and the visitors who signed in again", () => {
    const sqlite = migratedFrom("0033_public_when", (old) => {
      old.prepare("insert into users (id, email, created_at, updated_at) values ('u1', 'c@example.com', 0, 0)").run();
      old
        .prepare("insert into transactions (user_id, type, created_at, updated_at) values ('u1', 'selling', 0, 0)")
        .run();
      const doc = old.prepare(
        `insert into documents (transaction_id, name, content_type, size, sha256, storage_key, uploaded_by_role,
           created_at, removed_at) values (1, ?, 'application/pdf', 1, 'x', ?, 'admin', 0, ?)`,
      );
      doc.run("Listing (signed).pdf", "k1", null);
      doc.run("CDA.pdf", "k2", 5);
      doc.run("CDA escrow.pdf", "k3", null);
      doc.run("Notes.pdf", "k4", null);
      old
        .prepare(
          `insert into agreements (transaction_id, client_id, kind, title, fields, status, unsigned_key, unsigned_sha256,
             signed_document_id, created_at) values (1, 'u1', 'listing', 'Listing', '{}', 'signed', 'u', 'x', 1, 0)`,
        )
        .run();
      old
        .prepare(
          `insert into cdas (transaction_id, version, status, agent_name, gross_cents, referral_cents, brokerage_cents,
             agent_cents, fee_cents, lines, escrow_email, sha256, approved_by_name, approved_at, document_id,
             escrow_document_id) values (1, 1, 'current', 'Ana', 1, 0, 0, 1, 0, '[]', 'e@x.test', 'x', 'Bo', 0, 2, 3)`,
        )
        .run();
      old
        .prepare(
          "insert into open_houses (transaction_id, token, starts_at, ends_at, created_at) values (1, 't', 0, 1, 0)",
        )
        .run();
      const visitor = old.prepare(
        "insert into open_house_visitors (open_house_id, name, email, phone, has_agent, created_at) values (1, ?, ?, ?, 0, 0)",
      );
      visitor.run("Dana Lee", "dana@example.com", null);
      visitor.run("Dana Lee", "DANA@example.com", null);
      visitor.run("Sam Ray", null, "6195550100");
      visitor.run("Kim Park", "kim@example.com", null);
    });
    expect(sqlite.prepare("select name, sealed, removed_at from documents order by id").all()).toEqual([
      { name: "Listing (signed).pdf", sealed: 1, removed_at: null },
      { name: "CDA.pdf", sealed: 1, removed_at: null },
      { name: "CDA escrow.pdf", sealed: 1, removed_at: null },
      { name: "Notes.pdf", sealed: 0, removed_at: null },
    ]);
    expect(sqlite.prepare("select repeat_visit from open_house_visitors order by id").pluck().all()).toEqual([
      0, 1, 0, 0,
    ]);
    sqlite.close();
  });
});
