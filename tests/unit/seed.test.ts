import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPosts, leadNurturingCampaigns, leadNurturingEmails } from "~/db/schema";
import { SEED_CAMPAIGN, SEED_POSTS, seedDatabase } from "~/db/seed.server";
import { freshDb } from "./db";

describe("first-start seed", () => {
  it("seeds posts, a draft and a campaign once, never twice", () => {
    const db = freshDb();
    expect(seedDatabase(db)).toBe(true);
    expect(seedDatabase(db)).toBe(false);
    const posts = db.select().from(blogPosts).all();
    expect(posts).toHaveLength(SEED_POSTS.length + 1);
    expect(posts.filter((p) => p.published)).toHaveLength(SEED_POSTS.length);
    expect(db.select().from(leadNurturingCampaigns).all()).toHaveLength(1);
    expect(db.select().from(leadNurturingEmails).all()).toHaveLength(SEED_CAMPAIGN.emails.length);
  });

  it("does not duplicate rows even if the marker is lost", () => {
    const db = freshDb();
    seedDatabase(db);
    db.$client.pragma("user_version = 0");
    seedDatabase(db);
    expect(db.select().from(blogPosts).all()).toHaveLength(SEED_POSTS.length + 1);
    expect(db.select().from(leadNurturingCampaigns).all()).toHaveLength(1);
    expect(db.select().from(leadNurturingEmails).all()).toHaveLength(SEED_CAMPAIGN.emails.length);
  });

  it("version 3 ends each seeded e-mail with a link to the site, but leaves an e-mail an admin edited", () => {
    const db = freshDb();
    seedDatabase(db);
    for (const e of db.select().from(leadNurturingEmails).all()) expect(e.content).toMatch(/\[[^\]]+\]\(\/[^)]*\)/);
    // A database seeded at version 2: one e-mail edited since.
    const v2 = (content: string) => content.slice(0, content.lastIndexOf("\n"));
    for (const e of SEED_CAMPAIGN.emails) {
      db.update(leadNurturingEmails)
        .set({ content: e.sequence === 2 ? "Our own words." : v2(e.content) })
        .where(eq(leadNurturingEmails.sequence, e.sequence))
        .run();
    }
    db.$client.pragma("user_version = 2");
    expect(seedDatabase(db)).toBe(true);
    const bySequence = new Map(
      db
        .select()
        .from(leadNurturingEmails)
        .all()
        .map((e) => [e.sequence, e.content]),
    );
    expect(bySequence.get(1)).toBe(SEED_CAMPAIGN.emails[0]!.content);
    expect(bySequence.get(2)).toBe("Our own words.");
    expect(bySequence.get(4)).toBe(SEED_CAMPAIGN.emails[3]!.content);
  });

  it("applies the schema with foreign keys and WAL-ready pragmas", () => {
    const db = freshDb();
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    const tables = db.$client
      .prepare(
        "select name from sqlite_master where type='table' and name not like '\\_\\_%' escape '\\' and name not like 'sqlite_%' and name not like '%\\_fts%' escape '\\' order by name",
      )
      .all()
      .map((r) => (r as { name: string }).name);
    expect(tables).toEqual([
      "agency_settings",
      "agent_profiles",
      "agreement_signers",
      "agreement_templates",
      "agreements",
      "audit_events",
      "blog_posts",
      "broker_duties",
      "cdas",
      "checklist_item_documents",
      "checklist_items",
      "checklist_reviews",
      "checklists",
      "consent_disclosures",
      "contact_submissions",
      "content_version",
      "deadline_reminders",
      "deadlines",
      "documents",
      "email_contents",
      "email_counts",
      "email_outbox",
      "email_unsubscribes",
      "engagement_counts",
      "estimates",
      "fair_housing_reviews",
      "holiday_changes",
      "home_listings",
      "images",
      "lead_counts",
      "lead_engagement",
      "lead_events",
      "lead_hours",
      "lead_nurturing_campaigns",
      "lead_nurturing_emails",
      "legal_texts",
      "listing_photos",
      "listing_prices",
      "listing_starts",
      "listing_view_days",
      "listing_views",
      "messages",
      "offer_documents",
      "offer_events",
      "offer_rounds",
      "offers",
      "offsite_files",
      "offsite_queue",
      "offsite_status",
      "open_house_visitors",
      "open_houses",
      "page_scopes",
      "payouts",
      "public_counts",
      "rate_limits",
      "reply_tokens",
      "review_requests",
      "reviews",
      "saved_homes",
      "seller_figures",
      "sessions",
      "showing_settings",
      "showings",
      "sold_homes",
      "tour_stops",
      "tours",
      "transaction_collaborators",
      "transaction_counts",
      "transaction_milestones",
      "transactions",
      "unread_messages",
      "users",
    ]);
    const searchIndexes = db.$client
      .prepare(
        "select name from sqlite_master where type='table' and sql like 'CREATE VIRTUAL TABLE%trigram%' order by name",
      )
      .pluck()
      .all();
    expect(searchIndexes).toEqual(["contact_submissions_fts", "transactions_fts"]);
  });
});

describe("transactions take the write lock when they begin", () => {
  it("so another connection's write in between cannot make them fail (SQLITE_BUSY)", async () => {
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { default: Database } = await import("better-sqlite3");
    const { openDatabase } = await import("~/db/client.server");
    const dir = mkdtempSync(path.join(tmpdir(), "tx-"));
    const file = path.join(dir, "app.db");
    const db = openDatabase(file);
    const other = new Database(file);
    other.pragma("busy_timeout = 0");
    try {
      db.transaction((tx) => {
        tx.select().from(blogPosts).all();
        // The other connection cannot write now (it would have, and made this transaction's write fail).
        expect(() =>
          other.prepare("insert into lead_nurturing_campaigns (name, type) values ('x', 'general')").run(),
        ).toThrow(/locked|busy/i);
        tx.insert(leadNurturingCampaigns).values({ name: "mine", type: "general" }).run();
      });
      expect(
        db
          .select()
          .from(leadNurturingCampaigns)
          .all()
          .map((c) => c.name),
      ).toEqual(["mine"]);
    } finally {
      other.close();
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
