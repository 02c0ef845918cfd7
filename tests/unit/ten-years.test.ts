/**
 * Ten years of data: the counts triggers keep match the rows, a lead's e-mails are found through both of
 * their links and paged, the leads list filters by the status kept on each submission, and migration
 * 0007 moves the outbox's bodies out of its rows without losing one.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { contactSubmissions, emailOutbox, leadEngagement, type User } from "~/db/schema";
import { contactSchema } from "~/lib/contact-schema";
import { addCampaignEmail, createCampaign, listCampaigns } from "~/models/campaign.server";
import { submitContact } from "~/models/lead-intake.server";
import { countContactSubmissions } from "~/models/lead.server";
import { processDueDrips } from "~/models/drips.server";
import { getLead, LEAD_EMAILS_SHOWN, listLeadEmails, listLeads, pauseLead } from "~/models/lead.server";
import { enqueueEmail, listEmails, markAttemptFailed, retryEmail, unsentEmails } from "~/models/mail-queue.server";
import { unsubscribeUrl } from "~/models/lead-links.server";
import { unsubscribe } from "~/models/unsubscribe.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { freshDb, migratedFrom, outboxWithContent } from "./db";

const DAY = 86_400_000;
const T0 = new Date(Date.UTC(2026, 0, 5, 17));
const at = (ms: number) => new Date(T0.getTime() + ms);

let db: Db;
let admin: User;
beforeEach(() => {
  db = freshDb();
  admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
});

const lead = (email: string, when = T0) =>
  submitContact(db, contactSchema.parse({ firstName: "Dana", lastName: "Reyes", email, phone: "6195550100" }), when)!;

function nurturing(delays = [0, 2, 5]) {
  const campaign = createCampaign(db, admin, { name: "Follow-up", type: "general", isActive: true });
  for (const delayDays of delays)
    addCampaignEmail(db, admin, campaign.id, {
      subject: `After ${delayDays}`,
      content: "Hi",
      delayDays,
      isActive: true,
    });
  return campaign;
}

const rows = (sql: string) => db.$client.prepare(sql).all();

describe("the counts kept by triggers", () => {
  it("match counting the rows, through enrolments, pauses, unsubscribes, retries and deletes", () => {
    const campaign = nurturing();
    const a = lead("a@example.com");
    const b = lead("b@example.com", at(1000));
    lead("c@example.com", at(2000));
    pauseLead(db, admin, b.id, at(3000));
    const token = unsubscribeUrl(a.engagementId!).split("/unsubscribe/")[1]!;
    unsubscribe(db, token, at(4000));
    const [email] = db.select().from(emailOutbox).where(eq(emailOutbox.kind, "drip")).all();
    markAttemptFailed(db, { id: email!.id, attempts: 8 }, new Error("550 no"), at(5000), 60_000);
    retryEmail(db, admin, email!.id, at(6000));
    markAttemptFailed(db, { id: email!.id, attempts: 8 }, new Error("550 no"), at(7000), 60_000);
    processDueDrips(db, at(3 * DAY));
    // A submission written with its engagement at once (the insert trigger and the update it makes of the
    // row run in an order SQLite does not promise) and a deleted one.
    const engagement = db.select().from(leadEngagement).where(eq(leadEngagement.contactSubmissionId, b.id)).get()!;
    db.insert(contactSubmissions)
      .values({ firstName: "D", lastName: "R", email: "b@example.com", phone: "1", engagementId: engagement.id })
      .run();
    db.delete(contactSubmissions).where(eq(contactSubmissions.email, "c@example.com")).run();

    expect(rows("select status, kind, n from email_counts where n <> 0 order by 1, 2")).toEqual(
      rows("select status, kind, count(*) n from email_outbox group by 1, 2 order by 1, 2"),
    );
    expect(rows("select status, n from lead_counts where n <> 0 order by 1")).toEqual(
      rows(
        "select coalesce(engagement_status, 'new') status, count(*) n from contact_submissions group by 1 order by 1",
      ),
    );
    expect(rows("select campaign_id, status, n from engagement_counts where n <> 0 order by 1, 2")).toEqual(
      rows("select campaign_id, status, count(*) n from lead_engagement group by 1, 2 order by 1, 2"),
    );
    // And the pages read them.
    expect(countContactSubmissions(db, admin)).toBe(3);
    expect(unsentEmails(db, admin)).toEqual({
      queued: rows("select * from email_outbox where status = 'queued'").length,
      failed: 1,
    });
    expect(listEmails(db, admin, { status: "failed" })).toMatchObject({ total: 1, rows: [{ id: email!.id }] });
    expect(listCampaigns(db, admin).find((c) => c.id === campaign.id)).toMatchObject({
      enrolledNow: 1, // b, paused (a unsubscribed; c's engagement went with it)
      enrolledTotal: 2,
    });
  });
});

describe("a lead's e-mails", () => {
  it("are found through both links, newest first, the newest 50 in its timeline and every one in its list", () => {
    nurturing([0]);
    const first = lead("dana@example.com");
    const again = lead("dana@example.com", at(DAY)); // writes again: a second alert, the same engagement
    for (let i = 0; i < 60; i++) {
      // Drips of its engagement, and notices that name only its first submission.
      enqueueEmail(
        db,
        i % 2
          ? {
              kind: "drip",
              to: { address: "dana@example.com" },
              subject: `Drip ${i}`,
              text: "t",
              html: "h",
              links: { engagementId: first.engagementId },
            }
          : {
              kind: "lead_alert",
              to: { address: "agent@agency.test" },
              subject: `Alert ${i}`,
              text: "t",
              html: "h",
              links: { contactSubmissionId: first.id },
            },
        at(2 * DAY + i * 1000),
      );
    }
    const all = outboxWithContent(db).filter(
      (e) => [first.id, again.id].includes(e.contactSubmissionId ?? 0) || e.engagementId === first.engagementId,
    );
    expect(all.length).toBeGreaterThan(LEAD_EMAILS_SHOWN);

    const { timeline, emailTotal } = getLead(db, admin, again.id);
    expect(emailTotal).toBe(all.length);
    const shown = timeline.filter((t) => t.type.startsWith("email_"));
    expect(shown).toHaveLength(LEAD_EMAILS_SHOWN);
    expect(shown[0]!.text).toContain("Drip 59"); // the newest, found through the engagement
    const listed = [1, 2].flatMap((page) => listLeadEmails(db, admin, first.id, page).rows.map((r) => r.id));
    expect(listed).toEqual(
      [...all].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || y.id - x.id).map((e) => e.id),
    );
    expect(listLeadEmails(db, admin, first.id, 1)).toMatchObject({
      lead: { name: "Dana Reyes" },
      total: all.length,
      pageCount: 2,
    });
  });
});

describe("the leads list", () => {
  it("filters by the status each submission keeps, and sorts by score within it", () => {
    nurturing();
    const a = lead("a@example.com");
    const b = lead("b@example.com", at(1000));
    const c = lead("c@example.com", at(2000));
    pauseLead(db, admin, a.id, at(3000));
    pauseLead(db, admin, c.id, at(4000));
    db.update(leadEngagement).set({ score: 90 }).where(eq(leadEngagement.id, a.engagementId!)).run();
    const ids = (options: Parameters<typeof listLeads>[2]) => listLeads(db, admin, options).rows.map((r) => r.id);
    expect(ids({ status: "paused" })).toEqual([c.id, a.id]);
    expect(ids({ status: "paused", sort: "score" })).toEqual([a.id, c.id]);
    expect(ids({ status: "nurturing" })).toEqual([b.id]);
    expect(listLeads(db, admin, { status: "paused" })).toMatchObject({
      total: 2,
      rows: [{ status: "paused" }, { status: "paused", score: 90 }],
    });
    expect(listLeads(db, admin, { status: "new" }).total).toBe(0);
  });
});

describe("migration 0007", () => {
  it("moves every e-mail's bodies, headers and payload out of the outbox's rows, and counts what was there", () => {
    const sqlite = migratedFrom("0006_lead_version", (old) => {
      old
        .prepare(
          `insert into email_outbox (kind, to_address, subject, text_body, html_body, headers, message_id, status, next_attempt_at, payload)
           values ('client_notice', 'x@example.com', 'Update', 'Plain words', '<p>Words</p>', '{"X-A":"1"}', '<m1@x>', 'sent', 0, '{"changes":[1]}'),
                  ('drip', 'y@example.com', 'Hello', 'Hi', '<p>Hi</p>', '{}', '<m2@x>', 'failed', 0, null)`,
        )
        .run();
    });
    expect(
      sqlite
        .prepare("select email_id, text_body, html_body, headers, payload from email_contents order by email_id")
        .all(),
    ).toEqual([
      {
        email_id: 1,
        text_body: "Plain words",
        html_body: "<p>Words</p>",
        headers: '{"X-A":"1"}',
        payload: '{"changes":[1]}',
      },
      { email_id: 2, text_body: "Hi", html_body: "<p>Hi</p>", headers: "{}", payload: null },
    ]);
    const columns = sqlite.prepare("select name from pragma_table_info('email_outbox')").pluck().all();
    expect(columns).not.toContain("text_body");
    expect(columns).not.toContain("html_body");
    expect(sqlite.prepare("select status, kind, n from email_counts order by 1").all()).toEqual([
      { status: "failed", kind: "drip", n: 1 },
      { status: "sent", kind: "client_notice", n: 1 },
    ]);
    sqlite.close();
  });
});
