/** Lead nurturing and the outbox, with an injected clock. */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { emailOutbox, leadEngagement, leadEvents, leadNurturingCampaigns, leadNurturingEmails } from "~/db/schema";
import { contactSchema } from "~/lib/contact-schema";
import { env } from "~/config/env.server";
import { SCORE } from "~/lib/lead-score";
import { afterFailure, backoffMs, MAX_ATTEMPTS } from "~/lib/mail-retry";
import { oneLine } from "~/lib/mail-text";
import { submitContact } from "~/models/lead-intake.server";
import { claimDue, listEmails, markAttemptFailed, retryEmail, unsentEmails } from "~/models/mail-queue.server";
import { recordClick } from "~/models/click-tracking.server";
import { processDueDrips } from "~/models/drips.server";
import { signToken, trackedUrl, unsubscribeUrl, verifyToken } from "~/models/lead-links.server";
import { unsubscribe } from "~/models/unsubscribe.server";
import { SEED_CAMPAIGN, seedDatabase } from "~/db/seed.server";
import { freshDb, outboxWithContent } from "./db";

const DAY = 24 * 3600 * 1000;
const T0 = new Date(Date.UTC(2026, 0, 5, 17, 0, 0));
const at = (ms: number) => new Date(T0.getTime() + ms);
const settings = () => env().mail;

let db: Db;

function campaign(emails: { delayDays: number; isActive?: boolean; subject?: string }[], isActive = true) {
  const c = db.insert(leadNurturingCampaigns).values({ name: "Test", type: "general", isActive }).returning().get();
  emails.forEach((e, i) =>
    db
      .insert(leadNurturingEmails)
      .values({
        campaignId: c.id,
        sequence: i + 1,
        subject: e.subject ?? `E-mail ${i + 1} for {{firstName}}`,
        content: `Hello {{firstName}},\nThis is e-mail ${i + 1}.\nRead more at ${settings().appUrl}/blog/what-is-escrow-california`,
        delayDays: e.delayDays,
        isActive: e.isActive ?? true,
      })
      .run(),
  );
  return c;
}

const lead = (over: Record<string, string> = {}) =>
  contactSchema.parse({
    firstName: "Dana",
    lastName: "Reyes",
    email: "dana@example.com",
    phone: "619 555 0100",
    ...over,
  });

const drips = () => outboxWithContent(db, "drip");
const engagementOf = () => db.select().from(leadEngagement).get()!;

beforeEach(() => {
  db = freshDb();
});

describe("drip timing", () => {
  it("delay 0 is queued with the submission; delays 1 and 7 follow the previous send", () => {
    campaign([{ delayDays: 0 }, { delayDays: 1 }, { delayDays: 7 }]);
    submitContact(db, lead(), T0);
    expect(drips().map((d) => d.subject)).toEqual(["E-mail 1 for Dana"]);
    expect(engagementOf()).toMatchObject({
      currentSequence: 2,
      lastEmailSent: T0,
      nextEmailDue: at(DAY),
      status: "active",
    });

    expect(processDueDrips(db, at(DAY - 1))).toBe(0);
    expect(processDueDrips(db, at(DAY + 5000))).toBe(1);
    expect(engagementOf()).toMatchObject({ currentSequence: 3, nextEmailDue: at(DAY + 5000 + 7 * DAY) });
    expect(processDueDrips(db, at(DAY + 5000 + 7 * DAY - 1))).toBe(0);
    expect(processDueDrips(db, at(DAY + 5000 + 7 * DAY))).toBe(1);
    expect(drips().map((d) => d.subject)).toEqual(["E-mail 1 for Dana", "E-mail 2 for Dana", "E-mail 3 for Dana"]);
    // Completed after the last e-mail; nothing more.
    expect(engagementOf()).toMatchObject({ status: "completed", nextEmailDue: null });
    expect(processDueDrips(db, at(400 * DAY))).toBe(0);
  });

  it("a first e-mail with a delay is due that many days after the submission", () => {
    campaign([{ delayDays: 1 }]);
    submitContact(db, lead(), T0);
    expect(drips()).toHaveLength(0);
    expect(engagementOf().nextEmailDue).toEqual(at(DAY));
  });

  it("skips inactive e-mails; an inactive campaign sends nothing", () => {
    const c = campaign([
      { delayDays: 0, isActive: false },
      { delayDays: 2 },
      { delayDays: 3, isActive: false },
      { delayDays: 4 },
    ]);
    submitContact(db, lead(), T0);
    expect(drips()).toHaveLength(0);
    expect(engagementOf()).toMatchObject({ currentSequence: 2, nextEmailDue: at(2 * DAY) });
    expect(processDueDrips(db, at(2 * DAY))).toBe(1);
    expect(engagementOf()).toMatchObject({ currentSequence: 3, nextEmailDue: at(6 * DAY) });
    db.update(leadNurturingCampaigns).set({ isActive: false }).where(eq(leadNurturingCampaigns.id, c.id)).run();
    expect(processDueDrips(db, at(30 * DAY))).toBe(0);
    db.update(leadNurturingCampaigns).set({ isActive: true }).where(eq(leadNurturingCampaigns.id, c.id)).run();
    expect(processDueDrips(db, at(30 * DAY))).toBe(1);
    expect(drips().map((d) => d.subject)).toEqual(["E-mail 2 for Dana", "E-mail 4 for Dana"]);
    expect(engagementOf().status).toBe("completed");
  });

  it("stops on unsubscribe and on conversion", () => {
    campaign([{ delayDays: 0 }, { delayDays: 1 }]);
    submitContact(db, lead(), T0);
    db.update(leadEngagement).set({ status: "converted" }).run();
    expect(processDueDrips(db, at(5 * DAY))).toBe(0);
    db.update(leadEngagement).set({ status: "active" }).run();
    const token = unsubscribeUrl(engagementOf().id).split("/unsubscribe/")[1]!;
    expect(unsubscribe(db, token, at(DAY / 2))).toEqual({
      email: "dana@example.com",
      already: false,
    });
    expect(unsubscribe(db, token, at(DAY / 2))).toEqual({
      email: "dana@example.com",
      already: true,
    });
    expect(processDueDrips(db, at(5 * DAY))).toBe(0);
    expect(drips()).toHaveLength(1);
    expect(engagementOf()).toMatchObject({ status: "unsubscribed", nextEmailDue: null });
    // Never again, from any campaign: a new campaign and a new inquiry send no drip.
    db.update(leadNurturingCampaigns).set({ isActive: false }).run();
    campaign([{ delayDays: 0 }]);
    submitContact(db, lead(), at(6 * DAY));
    expect(drips()).toHaveLength(1);
    expect(
      db
        .select()
        .from(leadEngagement)
        .all()
        .map((e) => e.status),
    ).toEqual(["unsubscribed", "unsubscribed"]);
  });
});

describe("enrolment and score", () => {
  it("enrols an address once per campaign; a repeat inquiry scores +20, a click +5, capped at 100", () => {
    campaign([{ delayDays: 0 }, { delayDays: 3 }]);
    submitContact(db, lead(), T0);
    submitContact(db, lead({ email: "DANA@example.com", message: "Still interested" }), at(1000));
    expect(db.select().from(leadEngagement).all()).toHaveLength(1);
    expect(drips()).toHaveLength(1); // the welcome is not sent twice
    expect(engagementOf().score).toBe(SCORE.inquiry + SCORE.repeatInquiry);

    const url = trackedUrl(engagementOf().id, "/blog/what-is-escrow-california");
    const token = url.split("/r/")[1]!;
    expect(recordClick(db, token, at(2000))).toBe("/blog/what-is-escrow-california");
    expect(engagementOf().score).toBe(35);
    expect(db.select().from(leadEvents).all()).toMatchObject([
      { type: "clicked", detail: "/blog/what-is-escrow-california" },
    ]);
    for (let i = 0; i < 30; i++) recordClick(db, token, at(3000 + i));
    expect(engagementOf().score).toBe(SCORE.max);
  });

  it("alerts each staff address once per submission, answering to the lead; a honeypot sends nothing", () => {
    campaign([{ delayDays: 0 }]);
    submitContact(db, lead({ website: "spam" }), T0);
    expect(db.select().from(emailOutbox).all()).toHaveLength(0);
    const s = submitContact(db, lead({ message: "Selling a condo\nin Hillcrest" }), T0)!;
    const alerts = outboxWithContent(db, "lead_alert");
    expect(settings().leadAlertEmails).toEqual(["agent1@agency.test", "agent2@agency.test"]);
    expect(alerts.map((a) => a.toAddress)).toEqual(["agent1@agency.test", "agent2@agency.test"]);
    for (const a of alerts) {
      expect(a).toMatchObject({
        replyTo: "dana@example.com",
        contactSubmissionId: s.id,
        subject: "New lead: Dana Reyes",
        status: "queued",
      });
      expect(a.nextAttemptAt).toEqual(T0);
      for (const text of [
        "Dana Reyes",
        "dana@example.com",
        "619 555 0100",
        "Selling a condo",
        `/admin/leads/${s.id}`,
      ]) {
        expect(a.textBody).toContain(text);
      }
    }
  });
});

describe("the seeded campaign's e-mails as sent", () => {
  it("each carries a tracked link to what a lead wants next, and a click raises the lead's score", () => {
    seedDatabase(db);
    const { emails } = SEED_CAMPAIGN;
    const targets = ["/net-sheet", "/#pricing", "/blog/what-is-escrow-california", "/cash-to-close"];
    expect(emails).toHaveLength(targets.length);
    submitContact(db, lead(), T0);
    // Send every e-mail of the sequence in turn, as the sender's tick would.
    for (let day = 0; day <= 30; day++) processDueDrips(db, at(day * DAY + 1000));
    const sent = drips();
    expect(sent.map((d) => d.subject)).toEqual(emails.map((e) => e.subject.replace("{{firstName}}", "Dana")));
    const id = engagementOf().id;
    sent.forEach((drip, i) => {
      const url = trackedUrl(id, targets[i]!);
      expect(drip.htmlBody).toContain(`href="${url}"`);
      expect(drip.textBody).toContain(url);
    });
    const before = engagementOf().score;
    const token = trackedUrl(id, "/net-sheet").split("/r/")[1]!;
    expect(recordClick(db, token, at(40 * DAY))).toBe("/net-sheet");
    expect(engagementOf().score).toBeGreaterThan(before);
  });
});

describe("drip e-mail content", () => {
  it("carries the one-click unsubscribe headers, a visible unsubscribe link, tracked site links and the agency's footer", () => {
    campaign([{ delayDays: 0 }]);
    submitContact(db, lead(), T0);
    const [drip] = drips();
    const id = engagementOf().id;
    expect(drip!.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribeUrl(id)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(drip!.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\/[\w-]+\.[\w-]+>$/);
    expect(drip!.htmlBody).toContain(unsubscribeUrl(id));
    expect(drip!.textBody).toMatch(/Unsubscribe/);
    expect(drip!.textBody).toContain(trackedUrl(id, "/blog/what-is-escrow-california"));
    expect(drip!.textBody).not.toContain("localhost:3000/blog/");
    const site = settings().site;
    for (const part of [drip!.textBody, drip!.htmlBody]) {
      expect(part).toContain(site.address);
      expect(part).toContain(`DRE #${site.license}`);
    }
    expect(drip!.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    // A reply reaches staff (the lead alert's own Reply-To is the lead), and the way to an agent is a call or
    // an e-mail, never the contact form the lead already filled in.
    expect(drip!.replyTo).toBe("agent1@agency.test, agent2@agency.test");
    expect(drip!.htmlBody).toContain(`href="tel:${site.phone.replace(/[^\d+]/g, "")}"`);
    expect(drip!.htmlBody).toContain(`href="mailto:${site.email}"`);
    expect(drip!.htmlBody).not.toContain("#contact");
    expect(drip!.htmlBody).not.toMatch(/<script|javascript:|\son\w+=/i); // nothing runs in a mail client or the admin's preview
  });
});

describe("signed tokens", () => {
  const secret = "unit-secret-of-at-least-32-characters!!";
  it("round-trip for their purpose only, and refuse any change", () => {
    const token = signToken(secret, "unsubscribe", { e: 7 });
    expect(verifyToken(secret, "unsubscribe", token)).toEqual({ e: 7 });
    expect(verifyToken(secret, "click", token)).toBeNull();
    expect(verifyToken("another-secret-of-at-least-32-chars!!", "unsubscribe", token)).toBeNull();
    const [body, sig] = token.split(".");
    const otherBody = Buffer.from(JSON.stringify({ e: 8 })).toString("base64url");
    expect(verifyToken(secret, "unsubscribe", `${otherBody}.${sig}`)).toBeNull();
    expect(verifyToken(secret, "unsubscribe", `${body}.${sig!.slice(0, -2)}xx`)).toBeNull();
    expect(verifyToken(secret, "unsubscribe", `${body}`)).toBeNull();
    expect(verifyToken(secret, "unsubscribe", "garbage")).toBeNull();
  });

  it("an unsubscribe token names one engagement; a tampered one changes nothing", () => {
    campaign([{ delayDays: 0 }, { delayDays: 1 }]);
    submitContact(db, lead(), T0);
    submitContact(db, lead({ email: "other@example.com", firstName: "Olu" }), T0);
    const [dana, other] = db.select().from(leadEngagement).all();
    const token = unsubscribeUrl(dana!.id).split("/unsubscribe/")[1]!;
    const forged = `${Buffer.from(JSON.stringify({ e: other!.id })).toString("base64url")}.${token.split(".")[1]}`;
    expect(unsubscribe(db, forged, T0)).toBeNull();
    expect(unsubscribe(db, signToken(settings().secret, "unsubscribe", { e: 9999 }), T0)).toBeNull();
    expect(
      db
        .select()
        .from(leadEngagement)
        .all()
        .map((e) => e.status),
    ).toEqual(["active", "active"]);
    unsubscribe(db, token, T0);
    expect(
      db
        .select()
        .from(leadEngagement)
        .all()
        .map((e) => e.status),
    ).toEqual(["unsubscribed", "active"]);
  });

  it("a click token redirects only to a path of this site", () => {
    const secret = settings().secret;
    for (const p of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      expect(recordClick(db, signToken(secret, "click", { e: 1, p }), T0)).toBeNull();
    }
    expect(recordClick(db, signToken(secret, "click", { e: 1, p: "/blog" }), T0)).toBe("/blog");
  });
});

describe("header injection", () => {
  it("a first name with a line break and Bcc: stays one harmless line in the subject and the name", () => {
    campaign([{ delayDays: 0, subject: "Welcome {{firstName}}" }]);
    submitContact(db, lead({ firstName: "Eve\r\nBcc: victim@evil.example" }), T0);
    const [drip] = drips();
    expect(drip!.subject).toBe("Welcome Eve Bcc: victim@evil.example");
    expect(drip!.toName).toBe("Eve Bcc: victim@evil.example Reyes");
    expect(drip!.toAddress).toBe("dana@example.com");
    expect(oneLine("a\u2028b\u0000c\td")).toBe("a b c d");
  });
});

describe("delivery attempts", () => {
  const tick = 60_000;
  it("back off from one tick, doubling, capped at one hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffMs(n, tick))).toEqual([
      60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    expect(backoffMs(3, 1000)).toBe(4000);
  });

  it("give up on a 5xx at once, or after the 8th failure", () => {
    expect(afterFailure(1, { responseCode: 550 }, T0, tick).status).toBe("failed");
    expect(afterFailure(1, { responseCode: 421 }, T0, tick)).toEqual({ status: "queued", nextAttemptAt: at(tick) });
    expect(afterFailure(1, new Error("ECONNREFUSED"), T0, tick).status).toBe("queued");
    expect(afterFailure(MAX_ATTEMPTS - 1, new Error("x"), T0, tick).status).toBe("queued");
    expect(afterFailure(MAX_ATTEMPTS, new Error("x"), T0, tick).status).toBe("failed");
  });

  it("a claimed row is pushed to its retry time first, so a crash never loses it", () => {
    campaign([{ delayDays: 0 }]);
    submitContact(db, lead(), T0);
    const claimed = claimDue(db, T0, 10, tick);
    expect(claimed.map((r) => [r.kind, r.attempts])).toEqual([
      ["lead_alert", 1],
      ["lead_alert", 1],
      ["drip", 1],
    ]);
    // As if the process died during delivery: not due again before the backoff, then due again.
    expect(claimDue(db, at(tick - 1), 10, tick)).toHaveLength(0);
    expect(claimDue(db, at(tick), 10, tick)).toHaveLength(3);
    const drip = claimed[2]!;
    markAttemptFailed(
      db,
      { id: drip.id, attempts: 2 },
      Object.assign(new Error("451 try later"), { responseCode: 451 }),
      at(tick),
      tick,
    );
    expect(db.select().from(emailOutbox).where(eq(emailOutbox.id, drip.id)).get()).toMatchObject({
      status: "queued",
      lastError: "451 try later",
      nextAttemptAt: at(3 * tick),
    });
  });
});

describe("client notices", () => {
  it("a welcome when a transaction is opened; changes within one tick merge into one notice; opting out stops them", async () => {
    const { upsertUserFromClaims, setMilestoneNotices } = await import("~/models/user.server");
    const { createTransaction } = await import("~/models/transaction.server");
    const { initializeMilestones, listMilestones, updateMilestone } = await import("~/models/milestone.server");
    const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const t = createTransaction(
      db,
      admin,
      {
        email: "kim@example.com",
        firstName: "Kim",
        type: "buying",
        propertyAddress: "7 Palm Ave",
        homeValue: "650000",
      },
      { now: T0 },
    );
    const notices = () => outboxWithContent(db, "client_notice");
    expect(notices()).toMatchObject([
      {
        toAddress: "kim@example.com",
        transactionId: t.id,
        subject: "Your purchase with Coastline Flat Fee Realty: your client portal",
      },
    ]);
    expect(notices()[0]!.textBody).toContain("http://localhost:3000/client-portal");
    expect(notices()[0]!.textBody).toContain("Sign in with this e-mail address: kim@example.com");

    initializeMilestones(db, admin, t.id); // creating the steps is not a change to tell
    const [m1, m2] = listMilestones(db, admin, t.id);
    const ref = (id: number) => ({ transactionId: t.id, milestoneId: id });
    updateMilestone(db, admin, ref(m1!.id), { status: "completed", adminNotes: "Signed." }, { now: at(1000) });
    updateMilestone(db, admin, ref(m2!.id), { status: "in_progress" }, { now: at(2000) });
    updateMilestone(db, admin, ref(m1!.id), { status: "completed" }, { now: at(3000) }); // no change: no notice
    expect(notices()).toHaveLength(2);
    const merged = notices()[1]!;
    expect(merged.subject).toBe("Your purchase at 7 Palm Ave: 2 updates");
    expect(merged.textBody).toContain("Consultation and buyer-broker agreement");
    expect(merged.textBody).toContain("Signed.");
    expect(merged.textBody).toContain("Mortgage pre-approval");

    // Once its delivery started, a new change is a new e-mail.
    claimDue(db, at(4000), 10, 60_000);
    updateMilestone(db, admin, ref(m2!.id), { status: "completed" }, { now: at(5000) });
    expect(notices()).toHaveLength(3);
    expect(notices()[2]!.subject).toBe("Your purchase at 7 Palm Ave: Mortgage pre-approval is Completed");

    const client = upsertUserFromClaims(db, { email: "kim@example.com" });
    setMilestoneNotices(db, client, false);
    updateMilestone(db, admin, ref(m1!.id), { status: "action_required" }, { now: at(6000) });
    expect(notices()).toHaveLength(3);
    // Sample data and callers that say so send nothing.
    updateMilestone(db, admin, ref(m2!.id), { status: "not_started" }, { now: at(7000), notify: false });
    createTransaction(
      db,
      admin,
      { email: "quiet@example.com", type: "selling", propertyAddress: "1 Quiet St", homeValue: "1" },
      { notify: false },
    );
    expect(notices()).toHaveLength(3);
  });
});

describe("the e-mail log", () => {
  it("lists for admins only, filters, counts, and retries a failed message from the start", async () => {
    const { upsertUserFromClaims } = await import("~/models/user.server");
    const { ForbiddenError, NotFoundError } = await import("~/lib/errors");
    const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const client = upsertUserFromClaims(db, { email: "c@example.com" });
    campaign([{ delayDays: 0 }]);
    submitContact(db, lead(), T0);
    expect(() => listEmails(db, client, {})).toThrow(ForbiddenError);
    expect(listEmails(db, admin, {}).total).toBe(3);
    expect(listEmails(db, admin, { kind: "drip" }).rows.map((r) => r.subject)).toEqual(["E-mail 1 for Dana"]);
    const [drip] = claimDue(db, T0, 10, 60_000).filter((r) => r.kind === "drip");
    markAttemptFailed(
      db,
      drip!,
      Object.assign(new Error("550 mailbox unavailable"), { responseCode: 550 }),
      T0,
      60_000,
    );
    expect(unsentEmails(db, admin)).toEqual({ queued: 2, failed: 1 });
    expect(listEmails(db, admin, { status: "failed" }).rows).toMatchObject([
      { id: drip!.id, lastError: "550 mailbox unavailable", attempts: 1 },
    ]);
    expect(() => retryEmail(db, client, drip!.id)).toThrow(ForbiddenError);
    const again = retryEmail(db, admin, drip!.id, at(5000));
    expect(again).toMatchObject({ status: "queued", attempts: 0, nextAttemptAt: at(5000) });
    expect(() => retryEmail(db, admin, drip!.id)).toThrow(NotFoundError); // only a failed one
  });
});
