/**
 * Messages: the rules of mail coming back (tokens, the sender check, automatic mail, our own mail, quoted
 * text as Gmail, Outlook and Apple Mail write it), the wire warning and links, the thread's model (who
 * reads and writes, unread counts, hidden messages, older pages), the e-mails out with their reply
 * addresses, both doors in (the webhook, and the SMTP door with a real SMTP client), and the JSON API.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { documents, messages, replyTokens, unreadMessages, type User } from "~/db/schema";
import { fileStore } from "~/infra/file-store.server";
import { acceptInboundEmail, type InboundMail } from "~/models/inbound-email.server";
import { startInboundSmtp, type InboundSmtp } from "~/infra/inbound-smtp.server";
import { isAutomatic, isOwnMessageId, newText, replyAddress, tokenOf } from "~/lib/inbound-rules";
import { mentionsWiring, messageSchema, textParts, WIRE_FRAUD_NOTICE } from "~/lib/message-schema";
import { REPLY_HINTS } from "~/models/message-mail.server";
import { listMessages, postMessage, setMessageHidden, threadPage, unreadThreads } from "~/models/message.server";
import { createTransaction } from "~/models/transaction.server";
import { setMilestoneNotices, upsertUserFromClaims } from "~/models/user.server";
import { action as webhook } from "~/routes/api.inbound-email";
import { action as apiPost, loader as apiList } from "~/routes/api.transactions.$id.messages";
import { NotFoundError } from "~/lib/errors";
import { outboxWithContent, useAppDb } from "./db";
import { answer, args, ORIGIN, sessionCookie } from "./request";

const DOMAIN = "reply.agency.test";
const SECRET = "unit-webhook-secret-0123456789";
const pdf = () => Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

const app = useAppDb();
let db: Db;
let admin: User;
let client: User;
beforeEach(() => ({ db, admin, client } = app));

const openFor = (email: string) =>
  createTransaction(db, admin, { email, type: "buying", propertyAddress: "1 Harbor Dr", homeValue: "800000" });

/** The reply tokens of the message e-mails queued so far, by the address each went to. */
function sentTokens() {
  return outboxWithContent(db, "message").map((row) => ({
    to: row.toAddress,
    token: tokenOf(row.replyTo ?? "", DOMAIN),
    text: row.textBody,
    headers: row.headers,
  }));
}

const mail = (fields: Partial<InboundMail>): InboundMail => ({
  recipients: [],
  from: null,
  returnPath: "sender@example.com",
  headers: new Map(),
  messageId: "<abc@mail.example.com>",
  text: "",
  attachments: [],
  ...fields,
});

describe("the rules of mail coming back", () => {
  const token = "a".repeat(40);

  it("a reply address carries a 160-bit token on our domain only", () => {
    expect(replyAddress(token, DOMAIN)).toBe(`reply+${token}@${DOMAIN}`);
    expect(tokenOf(`Reply+${token.toUpperCase()}@REPLY.agency.test`, DOMAIN)).toBe(token);
    expect(tokenOf(`reply+${token}@elsewhere.test`, DOMAIN)).toBeNull();
    expect(tokenOf(`reply+${token.slice(1)}@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(tokenOf(`other+${token}@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(tokenOf(`reply+${"z".repeat(40)}@${DOMAIN}`, DOMAIN)).toBeNull();
  });

  it("automatic mail (RFC 3834) is recognised; a person's reply is not", () => {
    const auto = (headers: Record<string, string>, returnPath: string | null = "a@b.test") =>
      isAutomatic({ headers: new Map(Object.entries(headers)), returnPath });
    expect(auto({})).toBe(false);
    expect(auto({ "auto-submitted": "no" })).toBe(false);
    expect(auto({ "auto-submitted": "auto-replied" })).toBe(true);
    expect(auto({ "auto-submitted": "auto-generated; owner-email=x@y.test" })).toBe(true);
    expect(auto({ precedence: "bulk" })).toBe(true);
    expect(auto({ precedence: "auto_reply" })).toBe(true);
    expect(auto({ "x-autoreply": "yes" })).toBe(true);
    expect(auto({}, "")).toBe(true);
    expect(auto({}, "<>")).toBe(true);
    expect(auto({}, null)).toBe(false);
  });

  it("our own Message-ID domain is our mail coming back", () => {
    expect(isOwnMessageId("<5f1c@localhost>", "localhost")).toBe(true);
    expect(isOwnMessageId("<5f1c@mail.gmail.com>", "localhost")).toBe(false);
    expect(isOwnMessageId(null, "localhost")).toBe(false);
  });

  it("keeps only the new text of replies as Gmail, Outlook and Apple Mail write them", () => {
    const gmail =
      "Sounds good, see you Tuesday.\n\nOn Mon, Nov 23, 2026 at 9:00 AM Coastline Flat Fee Realty <hello@example.com> wrote:\n> We scheduled the inspection.\n> Thanks\n";
    const outlook =
      "Yes, please send it.\r\n\r\n________________________________\r\nFrom: Coastline Flat Fee Realty <hello@example.com>\r\nSent: Monday, November 23, 2026 9:00 AM\r\nTo: Jane <jane@example.com>\r\nSubject: Message about 1 Harbor Dr\r\n\r\nWe scheduled the inspection.\r\n";
    const apple =
      "Thank you!\n\nSent from my iPhone\n\n> On Nov 23, 2026, at 9:00 AM, Coastline Flat Fee Realty <hello@example.com> wrote:\n> \n> We scheduled the inspection.\n";
    const signature = "Great news.\nTalk soon\n\n-- \nJane Doe\n619 555 0100\n";
    expect(newText(gmail)).toBe("Sounds good, see you Tuesday.");
    expect(newText(outlook)).toBe("Yes, please send it.");
    expect(newText(apple)).toBe("Thank you!");
    expect(newText(signature)).toBe("Great news.\nTalk soon");
    expect(newText("x".repeat(6000))).toHaveLength(5000);
  });

  it("warns of messages about wiring money, routing and account numbers", () => {
    expect(mentionsWiring("Please wire the deposit today")).toBe(true);
    expect(mentionsWiring("Wiring instructions attached")).toBe(true);
    expect(mentionsWiring("The routing number is 122000661")).toBe(true);
    expect(mentionsWiring("New account # for escrow")).toBe(true);
    expect(mentionsWiring("The funds were wired yesterday")).toBe(true);
    expect(mentionsWiring("The inspection is Tuesday at 10.")).toBe(false);
    expect(mentionsWiring("My account is set up")).toBe(false);
  });

  it("makes https links, and only them, clickable", () => {
    expect(textParts("See https://example.com/a?b=1. Thanks")).toEqual([
      { text: "See " },
      { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { text: ". Thanks" },
    ]);
    expect(textParts("http://example.com and javascript:alert(1)")).toEqual([
      { text: "http://example.com and javascript:alert(1)" },
    ]);
  });

  it("a message is 1 to 5,000 characters, trimmed", () => {
    expect(messageSchema.safeParse({ body: "  hi \r\n there " }).data).toEqual({ body: "hi \n there" });
    expect(messageSchema.safeParse({ body: "   " }).error?.issues[0]?.message).toBe("Write a message");
    expect(messageSchema.safeParse({ body: "x".repeat(5001) }).success).toBe(false);
    expect(messageSchema.safeParse({ body: "x".repeat(5000) }).success).toBe(true);
  });
});

describe("the thread", () => {
  it("a client's message is e-mailed to each staff address with its own reply token, stored hashed", () => {
    const t = openFor(client.email);
    postMessage(db, client, t.id, "When is the inspection?");
    const sent = sentTokens();
    expect(sent.map((s) => s.to)).toEqual(["agent1@agency.test", "agent2@agency.test"]);
    expect(sent[0]!.token).not.toBe(sent[1]!.token);
    expect(sent[0]!.text).toContain("When is the inspection?");
    expect(sent[0]!.text).toContain(WIRE_FRAUD_NOTICE);
    expect(sent[0]!.text).toContain(`/admin/transactions/${t.id}/messages#messages`);
    expect(sent[0]!.text).toContain(REPLY_HINTS.byEmail);
    expect(sent[0]!.headers).toMatchObject({ References: `<thread-${t.id}@localhost>` });
    const stored = db.select().from(replyTokens).all();
    expect(stored).toHaveLength(2);
    for (const { token } of sent) {
      expect(stored.map((r) => r.tokenHash)).toContain(createHash("sha256").update(token!).digest("hex"));
      expect(JSON.stringify(stored)).not.toContain(token!);
    }
    expect(stored.find((r) => r.address === "agent2@agency.test")).toMatchObject({
      role: "admin",
      transactionId: t.id,
    });
  });

  it("a staff message reaches the client even with milestone notices off", () => {
    const t = openFor(client.email);
    setMilestoneNotices(db, client, false);
    postMessage(db, admin, t.id, "The appraisal came in at value.");
    const sent = sentTokens();
    expect(sent.map((s) => s.to)).toEqual([client.email]);
    expect(sent[0]!.text).toContain("/client-portal#messages");
  });

  it("unread counts: raised for the other side, cleared when the thread is viewed", () => {
    const t = openFor(client.email);
    const other = upsertUserFromClaims(db, { email: "boss2@agency.test" }, ["boss2@agency.test"]);
    postMessage(db, client, t.id, "One");
    postMessage(db, client, t.id, "Two");
    expect(unreadThreads(db, admin)).toMatchObject({ total: 2, threads: [{ transactionId: t.id, count: 2 }] });
    expect(unreadThreads(db, other).total).toBe(2);
    expect(threadPage(db, admin, t.id).unread).toBe(2);
    expect(unreadThreads(db, admin).total).toBe(0);
    expect(unreadThreads(db, other).total).toBe(2);
    postMessage(db, admin, t.id, "Three");
    expect(threadPage(db, client, t.id).unread).toBe(1);
    expect(threadPage(db, client, t.id).unread).toBe(0);
    expect(db.select().from(unreadMessages).where(eq(unreadMessages.userId, client.id)).all()).toHaveLength(0);
  });

  it("another client is told 'not found'; a hidden message is the admins' only", () => {
    const t = openFor(client.email);
    const stranger = upsertUserFromClaims(db, { email: "stranger@example.com" });
    expect(() => listMessages(db, stranger, t.id)).toThrow(NotFoundError);
    expect(() => postMessage(db, stranger, t.id, "Hi")).toThrow(NotFoundError);
    const m = postMessage(db, client, t.id, "Oops, wrong thread");
    setMessageHidden(db, admin, m.id, true);
    expect(listMessages(db, client, t.id).messages).toHaveLength(0);
    expect(listMessages(db, admin, t.id).messages).toMatchObject([{ id: m.id, hiddenAt: expect.any(Date) }]);
    expect(db.select().from(messages).all()).toHaveLength(1);
  });

  it("shows the latest 50, oldest first, with older ones before an id", () => {
    const t = openFor(client.email);
    const start = Date.UTC(2027, 0, 1);
    for (let i = 1; i <= 60; i++)
      postMessage(db, i % 2 ? client : admin, t.id, `Message ${i}`, { now: new Date(start + i * 1000) });
    const latest = listMessages(db, client, t.id);
    expect(latest.hasOlder).toBe(true);
    expect(latest.messages.map((m) => m.body)).toEqual(Array.from({ length: 50 }, (_, i) => `Message ${i + 11}`));
    const older = listMessages(db, client, t.id, { before: latest.messages[0]!.id });
    expect(older.hasOlder).toBe(false);
    expect(older.messages.map((m) => m.body)).toEqual(Array.from({ length: 10 }, (_, i) => `Message ${i + 1}`));
    const after = listMessages(db, client, t.id, { after: latest.messages.at(-2)!.id });
    expect(after.messages.map((m) => m.body)).toEqual(["Message 60"]);
  });
});

describe("replies by e-mail (one path for both doors)", () => {
  /** A thread where staff wrote to the client: the client's reply token. */
  function staffWrote() {
    const t = openFor(client.email);
    postMessage(db, admin, t.id, "We scheduled the inspection.");
    return { t, token: sentTokens().find((s) => s.to === client.email)!.token! };
  }

  it("stores the client's reply without its quoted history, e-mailed on to staff", async () => {
    const { t, token } = staffWrote();
    const result = await acceptInboundEmail(
      db,
      fileStore(),
      mail({
        recipients: [replyAddress(token, DOMAIN)],
        from: "Client@Example.com",
        text: "Tuesday works.\n\nOn Mon, Nov 23, 2026 at 9:00 AM Agency <hello@example.com> wrote:\n> We scheduled the inspection.\n",
      }),
    );
    expect(result.outcome).toBe("stored");
    const thread = listMessages(db, admin, t.id).messages;
    expect(thread.at(-1)).toMatchObject({
      body: "Tuesday works.",
      via: "email",
      author: { role: "client", name: "Robin" },
    });
    expect(
      sentTokens()
        .filter((s) => s.text.includes("Tuesday works."))
        .map((s) => s.to),
    ).toEqual(["agent1@agency.test", "agent2@agency.test"]);
  });

  it("drops an unknown token, another thread's token, another participant's token and automatic or own mail", async () => {
    const { t, token } = staffWrote();
    const otherClient = upsertUserFromClaims(db, { email: "other@example.com" });
    const t2 = openFor(otherClient.email);
    postMessage(db, admin, t2.id, "Hello other");
    const otherToken = sentTokens().find((s) => s.to === "other@example.com")!.token!;
    postMessage(db, client, t.id, "A question");
    const staffToken = sentTokens().find((s) => s.to === "agent1@agency.test")!.token!;
    const count = () => db.select().from(messages).all().length;
    const before = count();
    const reply = (recipient: string, from: string, extra: Partial<InboundMail> = {}) =>
      acceptInboundEmail(db, fileStore(), mail({ recipients: [recipient], from, text: "Reply", ...extra }));

    expect((await reply(replyAddress("f".repeat(40), DOMAIN), client.email)).outcome).toBe("unknown-token");
    // The other thread's token names the other client: our client's address is not its participant.
    expect((await reply(replyAddress(otherToken, DOMAIN), client.email)).outcome).toBe("wrong-sender");
    // Staff's token used by the client (a forwarded e-mail) is not the client's to use.
    expect((await reply(replyAddress(staffToken, DOMAIN), client.email)).outcome).toBe("wrong-sender");
    expect(
      (
        await reply(replyAddress(token, DOMAIN), client.email, {
          headers: new Map([["auto-submitted", "auto-replied"]]),
        })
      ).outcome,
    ).toBe("automatic");
    expect((await reply(replyAddress(token, DOMAIN), client.email, { returnPath: "" })).outcome).toBe("automatic");
    expect((await reply(replyAddress(token, DOMAIN), client.email, { messageId: "<x@localhost>" })).outcome).toBe(
      "own",
    );
    expect(count()).toBe(before);
    // The right one, from staff's address: under the staff member's full name, else their address (issue 31).
    expect((await reply(replyAddress(staffToken, DOMAIN), "agent1@agency.test")).outcome).toBe("stored");
    expect(listMessages(db, admin, t.id).messages.at(-1)?.author).toEqual({
      name: "agent1@agency.test",
      role: "admin",
    });
  });

  it("saves an accepted attachment as a document linked from the message; leaves out another type", async () => {
    const { t, token } = staffWrote();
    const result = await acceptInboundEmail(
      db,
      fileStore(),
      mail({
        recipients: [replyAddress(token, DOMAIN)],
        from: client.email,
        text: "Signed form attached.",
        attachments: [
          { name: "../signed.pdf", content: pdf() },
          { name: "run.exe", content: Buffer.from("MZ\x90\x00binary") },
        ],
      }),
    );
    expect(result.outcome).toBe("stored");
    const docs = db.select().from(documents).where(eq(documents.transactionId, t.id)).all();
    expect(docs).toMatchObject([
      { name: "signed.pdf", contentType: "application/pdf", messageId: result.messageId, uploadedByRole: "client" },
    ]);
    const [message] = listMessages(db, client, t.id).messages.slice(-1);
    expect(message!.attachments).toEqual([{ id: docs[0]!.id, name: "signed.pdf", url: `/documents/${docs[0]!.id}` }]);
  });
});

describe("the webhook door: POST /api/inbound-email (Postmark's inbound JSON)", () => {
  const post = (body: unknown, password?: string) =>
    answer(async () =>
      webhook(
        args(
          new Request(`${ORIGIN}/api/inbound-email`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              ...(password === undefined
                ? {}
                : { authorization: `Basic ${Buffer.from(`postmark:${password}`).toString("base64")}` }),
            },
            body: JSON.stringify(body),
          }),
        ),
      ),
    );

  it("401 without or with wrong credentials, and stores nothing; the right secret adds the message", async () => {
    const t = openFor(client.email);
    postMessage(db, admin, t.id, "Inspection Tuesday?");
    const token = sentTokens()[0]!.token!;
    const json = {
      From: client.email,
      FromFull: { Email: client.email, Name: "Robin" },
      To: replyAddress(token, DOMAIN),
      ToFull: [{ Email: replyAddress(token, DOMAIN), MailboxHash: token }],
      MailboxHash: token,
      TextBody: "Yes, Tuesday.\n\n> Inspection Tuesday?",
      StrippedTextReply: "Yes, Tuesday.",
      Headers: [{ Name: "Message-ID", Value: "<CAB123@mail.gmail.com>" }],
      Attachments: [{ Name: "letter.pdf", Content: pdf().toString("base64"), ContentType: "application/pdf" }],
    };
    expect((await post(json)).status).toBe(401);
    expect((await post(json, "wrong-secret-0123456789")).status).toBe(401);
    expect(db.select().from(messages).all()).toHaveLength(1);
    const ok = await post(json, SECRET);
    expect(ok.status).toBe(200);
    const last = listMessages(db, client, t.id).messages.at(-1)!;
    expect(last).toMatchObject({ body: "Yes, Tuesday.", via: "email", attachments: [{ name: "letter.pdf" }] });
    // A stranger's post with a real token: the same answer, nothing stored.
    const dropped = await post(
      { ...json, From: "thief@example.com", FromFull: { Email: "thief@example.com" } },
      SECRET,
    );
    expect(dropped).toMatchObject({ status: 200, data: { ok: true } });
    expect(db.select().from(messages).all()).toHaveLength(2);
    expect((await post({ To: 5 }, SECRET)).status).toBe(400);
  });
});

describe("the SMTP door (smtp-server, a real SMTP client)", () => {
  let door: InboundSmtp;
  beforeEach(async () => {
    door = await startInboundSmtp(() => db, { port: 0, host: "127.0.0.1", domain: DOMAIN, tls: null });
  });
  afterEach(() => door.close());

  const client$ = () =>
    nodemailer.createTransport({ host: "127.0.0.1", port: door.port, secure: false, ignoreTLS: true });

  it("refuses an unknown recipient with 550 at RCPT TO, takes a known token's reply, refuses over 10 MB", async () => {
    const t = openFor(client.email);
    postMessage(db, admin, t.id, "Please sign the disclosures.");
    const token = sentTokens()[0]!.token!;
    await expect(
      client$().sendMail({ from: client.email, to: `reply+${"0".repeat(40)}@${DOMAIN}`, text: "hi" }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await client$().sendMail({
      from: client.email,
      to: replyAddress(token, DOMAIN),
      subject: "Re: Message about 1 Harbor Dr",
      text: "Signed and attached.\n\nOn Mon, Nov 23, 2026 at 9:00 AM Agency wrote:\n> Please sign the disclosures.\n",
      attachments: [{ filename: "disclosures.pdf", content: pdf() }],
    });
    expect(listMessages(db, admin, t.id).messages.at(-1)).toMatchObject({
      body: "Signed and attached.",
      via: "email",
      attachments: [{ name: "disclosures.pdf" }],
    });
    await expect(
      client$().sendMail({
        from: client.email,
        to: replyAddress(token, DOMAIN),
        text: "big",
        attachments: [{ filename: "big.pdf", content: Buffer.alloc(11 * 1024 * 1024, 65) }],
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(db.select().from(messages).all()).toHaveLength(2);
  });
});

describe("the SMTP door with STARTTLS (INBOUND_SMTP_TLS_CERT and _KEY)", () => {
  // A self-signed certificate made for these tests only (tests/fixtures/README.md).
  const tls = { cert: "tests/fixtures/smtp-test-cert.pem", key: "tests/fixtures/smtp-test-key.pem" };
  let door: InboundSmtp;
  beforeEach(async () => {
    door = await startInboundSmtp(() => db, { port: 0, host: "127.0.0.1", domain: DOMAIN, tls });
  });
  afterEach(() => door.close());

  it("offers STARTTLS and takes a reply over it", async () => {
    const t = openFor(client.email);
    postMessage(db, admin, t.id, "Closing is on Friday.");
    const token = sentTokens()[0]!.token!;
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: door.port,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });
    const info = await transport.sendMail({ from: client.email, to: replyAddress(token, DOMAIN), text: "Great!" });
    expect(info.accepted).toEqual([replyAddress(token, DOMAIN)]);
    expect(listMessages(db, admin, t.id).messages.at(-1)).toMatchObject({ body: "Great!", via: "email" });
  });
});

describe("GET and POST /api/transactions/{id}/messages", () => {
  const call = async (method: "GET" | "POST", id: number, user?: User, body?: unknown, query = "") => {
    const headers = new Headers({ origin: ORIGIN, "content-type": "application/json" });
    if (user) headers.set("cookie", await sessionCookie(user));
    const request = new Request(`${ORIGIN}/api/transactions/${id}/messages${query}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return answer(async () => (method === "GET" ? apiList : apiPost)(args(request, { id: String(id) })));
  };

  it("the client and admins read and write; another client 404; anonymous 401; an empty body 400", async () => {
    const t = openFor(client.email);
    const stranger = upsertUserFromClaims(db, { email: "stranger@example.com" });
    const created = await call("POST", t.id, client, { body: "Hello https://example.com/x" });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      author: { name: "Robin", role: "client" },
      body: "Hello https://example.com/x",
      via: "portal",
      attachments: [],
    });
    await call("POST", t.id, admin, { body: "Hi Robin" });
    const list = await call("GET", t.id, client);
    expect((list.data as Array<{ body: string }>).map((m) => m.body)).toEqual([
      "Hello https://example.com/x",
      "Hi Robin",
    ]);
    const firstId = (list.data as Array<{ id: number }>)[0]!.id;
    expect(((await call("GET", t.id, client, undefined, `?after=${firstId}`)).data as unknown[]).length).toBe(1);
    expect(((await call("GET", t.id, admin, undefined, `?before=${firstId + 1}`)).data as unknown[]).length).toBe(1);
    expect((await call("GET", t.id, client, undefined, "?before=x")).status).toBe(400);
    expect((await call("GET", t.id, stranger)).status).toBe(404);
    expect((await call("POST", t.id, stranger, { body: "Hi" })).status).toBe(404);
    expect((await call("GET", t.id)).status).toBe(401);
    expect((await call("POST", t.id, client, { body: "" })).status).toBe(400);
    expect((await call("POST", t.id, client, { body: "x", extra: 1 })).status).toBe(400);
    expect(db.select().from(messages).all()).toHaveLength(2);
  });
});
