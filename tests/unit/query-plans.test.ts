/**
 * Every query of every admin page finds its rows through an index that fits its filter and its order: no
 * full scan of a large table, no whole-index count, no temporary B-tree sort but a search's (at most 500
 * rows). The pages' loaders run as an admin; scripts/query-plans.ts records and explains their queries.
 * The same check runs on ten years of data in `npm run bench -- --scale=10y`.
 */
import { describe, expect, it } from "vitest";
import { blogPostSchema } from "~/lib/blog-schema";
import { contactSchema } from "~/lib/contact-schema";
import { createPost } from "~/models/blog.server";
import { addCampaignEmail, createCampaign } from "~/models/campaign.server";
import { submitContact } from "~/models/lead-intake.server";
import { addLeadNote, pauseLead } from "~/models/lead.server";
import { claimDue, markAttemptFailed } from "~/models/mail-queue.server";
import { createEstimate } from "~/models/estimate.server";
import { initializeMilestones } from "~/models/milestone.server";
import { applyOfferEvent } from "~/models/offer-moves.server";
import { createOffer } from "~/models/offer.server";
import { createTransaction } from "~/models/transaction.server";
import { agencyCosts, updateSettings } from "~/models/settings.server";
import { assignTransaction } from "~/models/team.server";
import { adminPages, planAdminPages, planOf, problemsOf } from "../../scripts/query-plans";
import { addAgent, useAppDb } from "./db";
import { get } from "./request";

const app = useAppDb();

describe("the admin pages' queries", () => {
  it("each use an index that fits their filter and order", async () => {
    const { db, admin } = app;
    const agent = addAgent(db, admin);
    updateSettings(db, admin, { costs: agencyCosts(db), routing: { mode: "round_robin", claimMinutes: 15 } });
    const campaign = createCampaign(db, admin, { name: "Follow-up", type: "general", isActive: true });
    for (const delayDays of [0, 2, 5])
      addCampaignEmail(db, admin, campaign.id, { subject: "S", content: "C", delayDays, isActive: true });
    const leads = ["Dana", "Eli", "Fay"].map((firstName, i) =>
      submitContact(
        db,
        contactSchema.parse({ firstName, lastName: `Last42${i}`, email: `l${i}@example.com`, phone: "6195550100" }),
      )!,
    );
    pauseLead(db, admin, leads[1]!.id);
    addLeadNote(db, admin, leads[0]!.id, "Call back");
    const [failing] = claimDue(db, new Date(), 1, 60_000);
    markAttemptFailed(db, { id: failing!.id, attempts: 8 }, new Error("550 no such user"), new Date(), 60_000);
    const transaction = createTransaction(db, admin, {
      email: "client@example.com",
      type: "selling",
      propertyAddress: "1 Bench St",
      homeValue: "700000",
    });
    initializeMilestones(db, admin, transaction.id);
    assignTransaction(db, admin, transaction.id, { assignedAgentId: agent.id, collaboratorIds: [] });
    createEstimate(db, admin, transaction.id, { name: "at $700,000", inputs: { price: "700000" } });
    const offer = createOffer(db, admin, transaction.id, { buyerName: "Ann", price: "690000", shared: true });
    applyOfferEvent(db, admin, offer.id, { type: "counter", by: "seller", terms: { price: "699000" } });
    const post = createPost(db, admin, blogPostSchema.parse({ title: "Escrow", content: "One." }));

    const pages = adminPages({
      lead: leads[0]!.id,
      email: failing!.id,
      campaign: campaign.id,
      post: post.id,
      transaction: transaction.id,
      offer: offer.id,
      agent: true,
    });
    const results = await planAdminPages(db, pages, (path, page) => get(path, page.asAgent ? agent : admin));
    const problems = results.flatMap((page) =>
      page.queries.flatMap((q) => q.problems.map((problem) => `${page.path}: ${problem}\n  ${q.sql}`)),
    );
    expect(problems).toEqual([]);
    // Every page ran its queries (none was served from nothing).
    for (const page of results) expect(page.queries.length, page.path).toBeGreaterThan(0);
  });

  it("the check itself finds a full scan, a whole-index count and a sort in a temporary B-tree", () => {
    const { db } = app;
    const check = (sql: string) => problemsOf(planOf(db, sql), sql, { search: false });
    expect(check("select * from lead_events where detail = ?")).toEqual([
      expect.stringMatching(/^full scan of lead_events/),
    ]);
    expect(check("select count(*) from contact_submissions")).toEqual([
      expect.stringMatching(/^a whole index of contact_submissions read without a LIMIT/),
    ]);
    expect(check("select id from email_outbox where status = ? order by subject limit 50")).toEqual([
      expect.stringMatching(/^sorted in a temporary B-tree/),
    ]);
    expect(check("select id from email_outbox where status = ? order by created_at desc limit 50")).toEqual([]);
  });
});
