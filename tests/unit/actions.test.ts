/**
 * Every intent of every page action, called directly with a Request (the
 * browser tests cover the same forms end to end, with and without JavaScript).
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import {
  contactSubmissions,
  deadlines,
  documents,
  holidayChanges,
  savedHomes,
  messages,
  sessions,
  transactionMilestones,
  transactions,
  type User,
} from "~/db/schema";
import { createSavedHome } from "~/models/saved-home.server";
import { initializeMilestones, listMilestones } from "~/models/milestone.server";
import { createTransaction } from "~/models/transaction.server";
import { action as landingAction } from "~/routes/_index";
import { action as dashboardAction } from "~/routes/admin._index/route";
import { loader as manageLoader } from "~/routes/admin.transactions.$id/route";
import { action as manageAction } from "~/routes/admin.transactions.$id._index";
import { action as contractAction } from "~/routes/admin.transactions.$id.contract";
import { action as documentsAction } from "~/routes/admin.transactions.$id.documents";
import { action as messagesAction } from "~/routes/admin.transactions.$id.messages";
import { action as newTransactionAction } from "~/routes/admin.transactions.new";
import { action as logoutAction } from "~/routes/api.logout";
import { action as portalAction, loader as portalLoader } from "~/routes/client-portal/route";
import { action as holidaysAction } from "~/routes/admin.holidays";
import { calendarToken } from "~/models/calendar.server";
import { useAppDb } from "./db";
import { answer, args, formPost, get, ORIGIN, sessionCookie } from "./request";

const app = useAppDb();
let db: Db;
let admin: User;
let client: User;
beforeEach(() => ({ db, admin, client } = app));

const openFor = (email: string, type: "buying" | "selling" = "buying") =>
  createTransaction(db, admin, { email, type, propertyAddress: "1 Test St", homeValue: "700000" });

describe("landing action (the contact form)", () => {
  it("stores a valid message and redirects with the toast", async () => {
    const fields = {
      firstName: "Ana",
      lastName: "Ruiz",
      email: "ana@example.com",
      phone: "619 555 0100",
      message: "Selling in spring",
    };
    const a = await answer(async () => landingAction(args(await formPost("/?index", fields))));
    expect(a.status).toBe(302);
    expect(a.headers.get("location")).toBe("/?sent=1#contact"); // the confirmation in the form's place
    expect(a.headers.get("set-cookie")).toMatch(/^__toast=/);
    expect(db.select().from(contactSubmissions).all()).toHaveLength(1);
  });

  it("answers field errors with 400 and stores nothing", async () => {
    const a = await answer(async () =>
      landingAction(args(await formPost("/?index", { firstName: "Ana", email: "nope" }))),
    );
    expect(a.status).toBe(400);
    expect((a.data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      lastName: ["Required"],
      email: ["Invalid email"],
    });
    expect(db.select().from(contactSubmissions).all()).toHaveLength(0);
  });
});

describe("portal action", () => {
  it("add: a valid listing is stored; a bad one gets 400 with the spec's messages", async () => {
    const ok = await answer(async () =>
      portalAction(
        args(
          await formPost(
            "/client-portal",
            { intent: "add", address: "9 Bay St", price: "$850,000", bathrooms: "2.5" },
            client,
          ),
        ),
      ),
    );
    expect(ok.status).toBe(302);
    expect(db.select().from(savedHomes).all()).toMatchObject([
      { userId: client.id, priceCents: 85_000_000, bathrooms: "2.5" },
    ]);
    const bad = await answer(async () =>
      portalAction(args(await formPost("/client-portal", { intent: "add" }, client))),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("Address is required");
    expect(JSON.stringify(bad.data)).toContain("Price is required");
  });

  it("parse: the listing's address and zpid; an empty URL and a malformed one are refused", async () => {
    const url = "https://www.zillow.com/homedetails/742-Evergreen-Ter-La-Jolla-CA-92037/98765_zpid/";
    const ok = await answer(async () =>
      portalAction(args(await formPost("/client-portal", { intent: "parse", zillowUrl: url }, client))),
    );
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({
      intent: "parse",
      answer: { values: { zillowId: "98765", address: "742 Evergreen Ter, La Jolla, CA 92037" } },
    });
    const empty = await answer(async () =>
      portalAction(args(await formPost("/client-portal", { intent: "parse", zillowUrl: "" }, client))),
    );
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ answer: { message: { description: "Please enter a Zillow URL first" } } });
    const malformed = await answer(async () =>
      portalAction(
        args(
          await formPost(
            "/client-portal",
            { intent: "parse", zillowUrl: "https://www.zillow.com/homedetails/%ZZ/1_zpid/" },
            client,
          ),
        ),
      ),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.data).toMatchObject({ answer: { message: { description: "Failed to parse Zillow URL" } } });
  });

  it("favorite and delete act on one's own listing only; a bad id changes nothing", async () => {
    const mine = createSavedHome(db, client, { address: "1 Mine St", price: "500000" });
    const theirs = createSavedHome(db, admin, { address: "2 Theirs St", price: "600000" });
    const fav = await answer(async () =>
      portalAction(
        args(await formPost("/client-portal", { intent: "favorite", id: String(mine.id), isFavorite: "true" }, client)),
      ),
    );
    expect(fav.status).toBe(302);
    await portalAction(
      args(await formPost("/client-portal", { intent: "favorite", id: String(theirs.id), isFavorite: "true" }, client)),
    );
    await portalAction(
      args(await formPost("/client-portal", { intent: "favorite", id: `0${mine.id}`, isFavorite: "false" }, client)),
    );
    const flags = Object.fromEntries(
      db
        .select()
        .from(savedHomes)
        .all()
        .map((l) => [l.address, l.isFavorite]),
    );
    expect(flags).toEqual({ "1 Mine St": true, "2 Theirs St": false });

    const refused = await answer(async () =>
      portalAction(args(await formPost("/client-portal", { intent: "delete", id: String(theirs.id) }, client))),
    );
    expect(refused.status).toBe(302);
    expect(refused.headers.get("set-cookie")).toBeNull(); // a failed delete shows nothing
    const del = await answer(async () =>
      portalAction(args(await formPost("/client-portal", { intent: "delete", id: String(mine.id) }, client))),
    );
    expect(del.status).toBe(302);
    expect(del.headers.get("set-cookie")).toMatch(/^__toast=/);
    expect(
      db
        .select()
        .from(savedHomes)
        .all()
        .map((l) => l.address),
    ).toEqual(["2 Theirs St"]);
  });

  it("initialize: an admin's own transaction gets its steps; a client is refused and nothing changes", async () => {
    const own = openFor(admin.email);
    const ok = await answer(async () =>
      portalAction(
        args(await formPost("/client-portal", { intent: "initialize", transactionId: String(own.id) }, admin)),
      ),
    );
    expect(ok.status).toBe(302);
    expect(listMilestones(db, admin, own.id)).toHaveLength(13);
    const theirs = openFor(client.email, "selling");
    await portalAction(
      args(await formPost("/client-portal", { intent: "initialize", transactionId: String(theirs.id) }, client)),
    );
    expect(listMilestones(db, admin, theirs.id)).toHaveLength(0);
  });

  it("an unknown intent is a 400; a signed-out post is a 401 and the page a 401 card", async () => {
    const unknown = await answer(async () =>
      portalAction(args(await formPost("/client-portal", { intent: "nope" }, client))),
    );
    expect(unknown.status).toBe(400);
    const anonymous = await answer(async () =>
      portalAction(args(await formPost("/client-portal", { intent: "add", address: "x", price: "1" }))),
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toMatchObject({ access: "sign-in", loginHref: "/api/login?returnTo=%2Fclient-portal" });
    const page = await answer(async () => portalLoader(args(await get("/client-portal"))));
    expect(page.status).toBe(401);
    expect(db.select().from(savedHomes).all()).toHaveLength(0);
  });
});

describe("admin dashboard action", () => {
  it("setup-test-data creates the samples for an admin; a client gets 403", async () => {
    const denied = await answer(async () =>
      dashboardAction(args(await formPost("/admin?index", { intent: "setup-test-data" }, client))),
    );
    expect(denied.status).toBe(403);
    expect(denied.data).toMatchObject({ access: "admin", loginHref: "/api/login?returnTo=%2Fadmin&prompt=login" });
    expect(db.select().from(transactions).all()).toHaveLength(0);
    const ok = await answer(async () =>
      dashboardAction(args(await formPost("/admin?index", { intent: "setup-test-data" }, admin))),
    );
    expect(ok.status).toBe(302);
    expect(db.select().from(transactions).all()).toHaveLength(5);
  });
});

describe("manage transaction action", () => {
  it("initialize, update-milestone (of this transaction only) and edit-transaction", async () => {
    const t = openFor(client.email);
    const other = openFor("other@example.com", "selling");
    initializeMilestones(db, admin, other.id);
    const path = `/admin/transactions/${t.id}`;
    const params = { id: String(t.id) };

    const init = await answer(async () =>
      manageAction(args(await formPost(path, { intent: "initialize" }, admin), params)),
    );
    expect(init.status).toBe(302);
    const [first] = listMilestones(db, admin, t.id);

    const update = await answer(async () =>
      manageAction(
        args(
          await formPost(
            path,
            {
              intent: "update-milestone",
              milestoneId: String(first!.id),
              status: "completed",
              adminNotes: " Signed. ",
            },
            admin,
          ),
          params,
        ),
      ),
    );
    expect(update.status).toBe(302);
    expect(db.select().from(transactionMilestones).where(eq(transactionMilestones.id, first!.id)).get()).toMatchObject({
      status: "completed",
      adminNotes: "Signed.",
    });

    const [foreign] = listMilestones(db, admin, other.id);
    const wrong = await answer(async () =>
      manageAction(
        args(
          await formPost(
            path,
            { intent: "update-milestone", milestoneId: String(foreign!.id), status: "completed" },
            admin,
          ),
          params,
        ),
      ),
    );
    expect(wrong.status).toBe(404);
    expect(db.select().from(transactionMilestones).where(eq(transactionMilestones.id, foreign!.id)).get()!.status).toBe(
      "not_started",
    );

    const invalid = await answer(async () =>
      manageAction(
        args(
          await formPost(path, { intent: "update-milestone", milestoneId: String(first!.id), status: "done" }, admin),
          params,
        ),
      ),
    );
    expect(invalid.status).toBe(400);

    const edit = await answer(async () =>
      manageAction(
        args(
          await formPost(
            path,
            { intent: "edit-transaction", propertyAddress: "2 New St", homeValue: "710,000", status: "cancelled" },
            admin,
          ),
          params,
        ),
      ),
    );
    expect(edit.status).toBe(302);
    expect(db.select().from(transactions).where(eq(transactions.id, t.id)).get()).toMatchObject({
      propertyAddress: "2 New St",
      homeValueCents: 71_000_000,
      status: "cancelled",
    });
  });

  it("an unknown transaction is a 404 on the page and its action; a non-canonical id too", async () => {
    expect(
      (await answer(async () => manageLoader(args(await get("/admin/transactions/999", admin), { id: "999" })))).status,
    ).toBe(404);
    expect(
      (await answer(async () => manageLoader(args(await get("/admin/transactions/01", admin), { id: "01" })))).status,
    ).toBe(404);
    const edit = await answer(async () =>
      manageAction(
        args(
          await formPost(
            "/admin/transactions/999",
            { intent: "edit-transaction", propertyAddress: "x", homeValue: "1", status: "active" },
            admin,
          ),
          { id: "999" },
        ),
      ),
    );
    expect(edit.status).toBe(404);
  });
});

describe("documents on the portal and the Manage page (upload, remove-document, restore-document)", () => {
  const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
  /** A multipart post as the upload form sends it: the intent first, then the step, then the files. */
  async function uploadPost(path: string, user: User, files: { name: string; bytes: Buffer }[], milestoneId = "") {
    const form = new FormData();
    form.append("intent", "upload");
    form.append("milestoneId", milestoneId);
    for (const f of files)
      form.append("file", new File([new Uint8Array(f.bytes)], f.name, { type: "application/pdf" }));
    const headers = new Headers({ origin: ORIGIN, cookie: await sessionCookie(user) });
    return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: form });
  }
  const rows = () => db.select().from(documents).orderBy(documents.id).all();

  it("portal upload: the client's files are stored as theirs; a wrong type is 400 with the message and stores nothing", async () => {
    openFor(client.email);
    const ok = await answer(async () =>
      portalAction(args(await uploadPost("/client-portal", client, [{ name: "letter.pdf", bytes: pdf }]))),
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/client-portal#documents"); // back to the section
    expect(ok.headers.get("set-cookie")).toMatch(/^__toast=/);
    expect(rows()).toMatchObject([{ name: "letter.pdf", uploadedByRole: "client", uploadedBy: client.id }]);

    const bad = await answer(async () =>
      portalAction(
        args(await uploadPost("/client-portal", client, [{ name: "page.pdf", bytes: Buffer.from("<html>") }])),
      ),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain(
      "This file type isn't accepted. Use PDF, JPEG, PNG, WebP, HEIC or DOCX.",
    );
    expect(rows()).toHaveLength(1);
  });

  it("portal upload without an active transaction is 404, and stores nothing", async () => {
    const a = await answer(async () =>
      portalAction(args(await uploadPost("/client-portal", client, [{ name: "letter.pdf", bytes: pdf }]))),
    );
    expect(a.status).toBe(404);
    expect(rows()).toHaveLength(0);
  });

  it("portal remove-document: the client's own upload goes; staff's is refused back to the page with a toast", async () => {
    const t = openFor(client.email);
    await portalAction(args(await uploadPost("/client-portal", client, [{ name: "mine.pdf", bytes: pdf }])));
    await documentsAction(
      args(await uploadPost(`/admin/transactions/${t.id}`, admin, [{ name: "staff.pdf", bytes: pdf }]), {
        id: String(t.id),
      }),
    );
    const [mine, staff] = rows();
    const removed = await answer(async () =>
      portalAction(
        args(await formPost("/client-portal", { intent: "remove-document", documentId: String(mine!.id) }, client)),
      ),
    );
    expect(removed.status).toBe(302);
    const refused = await answer(async () =>
      portalAction(
        args(await formPost("/client-portal", { intent: "remove-document", documentId: String(staff!.id) }, client)),
      ),
    );
    expect(refused.status).toBe(302); // back to the page, with the refusal's words in a toast
    expect(refused.headers.get("set-cookie")).toMatch(/^__toast=/);
    expect(rows().map((d) => d.removedAt !== null)).toEqual([true, false]);
  });

  it("manage upload to a step, remove-document and restore-document", async () => {
    const t = openFor(client.email);
    initializeMilestones(db, admin, t.id);
    const step = listMilestones(db, admin, t.id)[1]!;
    const up = await answer(async () =>
      documentsAction(
        args(
          await uploadPost(
            `/admin/transactions/${t.id}`,
            admin,
            [
              { name: "a.pdf", bytes: pdf },
              { name: "b.pdf", bytes: pdf },
            ],
            String(step.id),
          ),
          { id: String(t.id) },
        ),
      ),
    );
    expect(up.status).toBe(302);
    expect(rows()).toMatchObject([
      { name: "a.pdf", milestoneId: step.id, uploadedByRole: "admin" },
      { name: "b.pdf", milestoneId: step.id, uploadedByRole: "admin" },
    ]);
    const id = String(rows()[0]!.id);
    const post = async (intent: string) =>
      answer(async () =>
        documentsAction(
          args(await formPost(`/admin/transactions/${t.id}`, { intent, documentId: id }, admin), { id: String(t.id) }),
        ),
      );
    expect((await post("remove-document")).status).toBe(302);
    expect(rows()[0]!.removedAt).toBeInstanceOf(Date);
    expect((await post("restore-document")).status).toBe(302);
    expect(rows()[0]!.removedAt).toBeNull();
    const none = await answer(async () =>
      documentsAction(
        args(await formPost(`/admin/transactions/${t.id}`, { intent: "remove-document" }, admin), {
          id: String(t.id),
        }),
      ),
    );
    expect(none.status).toBe(302);
    expect(none.headers.get("set-cookie")).toMatch(/^__toast=/);
    expect(rows().every((d) => d.removedAt === null)).toBe(true);
  });
});

describe("key dates: save-contract, deadline-status (Manage), reset-calendar (portal, /admin/holidays), add-holiday and remove-holiday", () => {
  const deadlineRows = () => db.select().from(deadlines).orderBy(deadlines.id).all();

  it("save-contract computes the deadlines; a closing before acceptance is a 400 on its field and stores nothing", async () => {
    const t = openFor(client.email);
    const post = async (fields: Record<string, string>) =>
      answer(async () =>
        contractAction(
          args(await formPost(`/admin/transactions/${t.id}`, { intent: "save-contract", ...fields }, admin), {
            id: String(t.id),
          }),
        ),
      );
    const bad = await post({ acceptedOn: "2027-06-17", closingOn: "2027-06-01" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("The close of escrow cannot be before acceptance");
    expect(deadlineRows()).toHaveLength(0);
    const ok = await post({ acceptedOn: "2027-06-17", closingOn: "", "days.loan_contingency": "21" });
    expect(ok.status).toBe(302);
    expect(deadlineRows().find((d) => d.key === "loan_contingency")).toMatchObject({ days: 21, dueOn: "2027-07-08" });

    const loan = deadlineRows().find((d) => d.key === "loan_contingency")!;
    const status = await answer(async () =>
      contractAction(
        args(
          await formPost(
            `/admin/transactions/${t.id}`,
            { intent: "deadline-status", deadlineId: String(loan.id), status: "waived" },
            admin,
          ),
          { id: String(t.id) },
        ),
      ),
    );
    expect(status.status).toBe(302);
    expect(deadlineRows().find((d) => d.id === loan.id)?.status).toBe("waived");
  });

  it("reset-calendar gives the client and an admin a new feed address", async () => {
    openFor(client.email);
    const before = calendarToken(db, client);
    const a = await answer(async () =>
      portalAction(args(await formPost("/client-portal", { intent: "reset-calendar" }, client))),
    );
    expect(a.status).toBe(302);
    expect(calendarToken(db, client)).not.toBe(before);
    const staffBefore = calendarToken(db, admin);
    await holidaysAction(args(await formPost("/admin/holidays", { intent: "reset-calendar" }, admin)));
    expect(calendarToken(db, admin)).not.toBe(staffBefore);
  });

  it("add-holiday and remove-holiday change the table; a client is refused", async () => {
    const post = async (user: User, fields: Record<string, string>) =>
      answer(async () => holidaysAction(args(await formPost("/admin/holidays", fields, user))));
    expect(
      (await post(admin, { intent: "add-holiday", date: "2026-11-27", name: "Day after Thanksgiving" })).status,
    ).toBe(302);
    expect((await post(admin, { intent: "add-holiday", date: "2026-11-27", name: "Again" })).status).toBe(400);
    expect((await post(admin, { intent: "add-holiday", date: "2027-02-30", name: "x" })).status).toBe(400);
    expect((await post(admin, { intent: "remove-holiday", date: "2026-11-26" })).status).toBe(302);
    expect(db.select().from(holidayChanges).orderBy(holidayChanges.date).all()).toMatchObject([
      { date: "2026-11-26", kind: "removed", name: "Thanksgiving Day" },
      { date: "2026-11-27", kind: "added", name: "Day after Thanksgiving" },
    ]);
    expect((await post(client, { intent: "remove-holiday", date: "2026-11-27" })).status).toBe(403);
  });
});

describe("messages: send-message (portal and Manage) and hide-message (Manage)", () => {
  const rows = () => db.select().from(messages).orderBy(messages.id).all();

  it("portal send-message stores the client's message; an empty one is a 400 on its field; no transaction is a 404", async () => {
    const send = async (body: string, user: User = client) =>
      answer(async () => portalAction(args(await formPost("/client-portal", { intent: "send-message", body }, user))));
    const none = await send("Hello?");
    expect(none.status).toBe(404);
    openFor(client.email);
    const empty = await send("   ");
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.data)).toContain("Write a message");
    expect(rows()).toHaveLength(0);
    const ok = await send("When is the inspection?");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/client-portal#messages");
    expect(rows()).toMatchObject([{ body: "When is the inspection?", authorRole: "client", via: "portal" }]);
  });

  it("manage send-message writes as staff; hide-message hides and shows again; a client cannot", async () => {
    const t = openFor(client.email);
    const post = async (fields: Record<string, string>, user: User = admin) =>
      answer(async () =>
        messagesAction(args(await formPost(`/admin/transactions/${t.id}`, fields, user), { id: String(t.id) })),
      );
    const sent = await post({ intent: "send-message", body: "Inspection is Tuesday at 10." });
    expect(sent.status).toBe(302);
    const [message] = rows();
    expect(message).toMatchObject({ authorRole: "admin", authorName: "boss@agency.test", hiddenAt: null });
    const hidden = await post({ intent: "hide-message", message: `${message!.id}:hide` });
    expect(hidden.status).toBe(302);
    expect(hidden.headers.get("location")).toBe(`/admin/transactions/${t.id}/messages#message-${message!.id}`);
    expect(rows()[0]!.hiddenAt).toBeInstanceOf(Date);
    await post({ intent: "hide-message", message: `${message!.id}:show` });
    expect(rows()[0]!.hiddenAt).toBeNull();
    const byClient = await post({ intent: "hide-message", message: `${message!.id}:hide` }, client);
    expect(byClient.status).toBe(403);
    expect(rows()[0]!.hiddenAt).toBeNull();
  });
});

describe("a page answers only its own intents", () => {
  it("the portal refuses restore-document, hide-message and update-milestone with 400, an admin's too, and changes nothing", async () => {
    const t = openFor(admin.email);
    initializeMilestones(db, admin, t.id);
    const step = listMilestones(db, admin, t.id)[0]!;
    const sent = await answer(async () =>
      messagesAction(
        args(await formPost(`/admin/transactions/${t.id}`, { intent: "send-message", body: "Hello" }, admin), {
          id: String(t.id),
        }),
      ),
    );
    expect(sent.status).toBe(302);
    const [message] = db.select().from(messages).all();
    const form = new FormData();
    form.append("intent", "upload");
    form.append(
      "file",
      new File([new Uint8Array(Buffer.from("%PDF-1.4\n%%EOF\n"))], "a.pdf", { type: "application/pdf" }),
    );
    await documentsAction(
      args(
        new Request(`${ORIGIN}/admin/transactions/${t.id}`, {
          method: "POST",
          headers: new Headers({ origin: ORIGIN, cookie: await sessionCookie(admin) }),
          body: form,
        }),
        { id: String(t.id) },
      ),
    );
    const [document] = db.select().from(documents).all();
    db.update(documents).set({ removedAt: new Date() }).where(eq(documents.id, document!.id)).run();
    for (const fields of [
      { intent: "restore-document", documentId: String(document!.id) } as Record<string, string>,
      { intent: "hide-message", message: `${message!.id}:hide` },
      { intent: "update-milestone", milestoneId: String(step.id), status: "completed" },
      { intent: "edit-transaction", propertyAddress: "Elsewhere", homeValue: "1", status: "cancelled" },
    ]) {
      for (const user of [admin, client]) {
        const refused = await answer(async () => portalAction(args(await formPost("/client-portal", fields, user))));
        expect([fields.intent, refused.status]).toEqual([fields.intent, 400]);
      }
    }
    expect(db.select().from(documents).get()!.removedAt).toBeInstanceOf(Date);
    expect(db.select().from(messages).get()!.hiddenAt).toBeNull();
    expect(listMilestones(db, admin, t.id)[0]!.status).toBe("not_started");
    expect(db.select().from(transactions).where(eq(transactions.id, t.id)).get()!.propertyAddress).toBe("1 Test St");
  });
});

describe("the workspace's tabs answer only their own forms", () => {
  it("the overview refuses a message, a document and the contract's dates with 400; the Messages tab the milestones", async () => {
    const t = openFor(client.email);
    initializeMilestones(db, admin, t.id);
    const step = listMilestones(db, admin, t.id)[0]!;
    const params = { id: String(t.id) };
    for (const fields of [
      { intent: "send-message", body: "Hello" } as Record<string, string>,
      { intent: "remove-document", documentId: "1" },
      { intent: "save-contract", acceptedOn: "2027-06-17", closingOn: "" },
    ]) {
      const refused = await answer(async () =>
        manageAction(args(await formPost(`/admin/transactions/${t.id}`, fields, admin), params)),
      );
      expect([fields.intent, refused.status]).toEqual([fields.intent, 400]);
    }
    const wrongTab = await answer(async () =>
      messagesAction(
        args(
          await formPost(
            `/admin/transactions/${t.id}/messages`,
            { intent: "update-milestone", milestoneId: String(step.id), status: "completed" },
            admin,
          ),
          params,
        ),
      ),
    );
    expect(wrongTab.status).toBe(400);
    expect(db.select().from(messages).all()).toHaveLength(0);
    expect(db.select().from(deadlines).all()).toHaveLength(0);
    expect(listMilestones(db, admin, t.id)[0]!.status).toBe("not_started");
  });

  it("a tab's form comes back to its own tab", async () => {
    const t = openFor(client.email);
    const sent = await answer(async () =>
      messagesAction(
        args(await formPost(`/admin/transactions/${t.id}/messages`, { intent: "send-message", body: "Hi" }, admin), {
          id: String(t.id),
        }),
      ),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/admin/transactions/${t.id}/messages#messages`);
  });
});

describe("new transaction action", () => {
  it("opens a transaction by e-mail and goes to it; bad input is a 400", async () => {
    const ok = await answer(async () =>
      newTransactionAction(
        args(
          await formPost(
            "/admin/transactions/new",
            { email: "New@Example.com", type: "selling", propertyAddress: "5 Sale Ave", homeValue: "1200000" },
            admin,
          ),
        ),
      ),
    );
    expect(ok.status).toBe(302);
    const created = db.select().from(transactions).get()!;
    expect(ok.headers.get("location")).toBe(`/admin/transactions/${created.id}`);
    expect(created).toMatchObject({ type: "selling", tier: 2 });
    const bad = await answer(async () =>
      newTransactionAction(args(await formPost("/admin/transactions/new", { email: "x", type: "renting" }, admin))),
    );
    expect(bad.status).toBe(400);
  });
});

describe("logout action", () => {
  it("deletes the session row and clears the cookie", async () => {
    const request = await formPost("/api/logout", {}, client);
    expect(db.select().from(sessions).all()).toHaveLength(1);
    const a = await answer(async () => logoutAction(args(request)));
    expect(a.status).toBe(302);
    expect(a.headers.get("set-cookie")).toMatch(/__session=;/);
    expect(db.select().from(sessions).all()).toHaveLength(0);
  });
});
