/** The back office's models: slugs, campaign sequences, leads and their statuses, conversion, the charts. */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { emailOutbox, leadEngagement, leadNurturingCampaigns, leadNurturingEmails, type User } from "~/db/schema";
import { blogPostPatchSchema, blogPostSchema } from "~/lib/blog-schema";
import { slugify } from "~/lib/slug";
import { contactSchema } from "~/lib/contact-schema";
import { ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { stepBand } from "~/lib/progress";
import { createPost, getPostBySlug, updatePost } from "~/models/blog.server";
import {
  addCampaignEmail,
  createCampaign,
  getCampaign,
  listCampaigns,
  moveCampaignEmail,
  removeCampaignEmail,
  setCampaignForNewLeads,
} from "~/models/campaign.server";
import { submitContact } from "~/models/lead-intake.server";
import { activeByStepBand, leadsPerWeek } from "~/models/dashboard.server";
import { addLeadNote, getLead, listLeads, pauseLead, resumeLead } from "~/models/lead.server";
import { processDueDrips } from "~/models/drips.server";
import { unsubscribeUrl } from "~/models/lead-links.server";
import { unsubscribe } from "~/models/unsubscribe.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { freshDb } from "./db";

const DAY = 24 * 3600 * 1000;
const T0 = new Date(Date.UTC(2026, 2, 2, 17));
const at = (ms: number) => new Date(T0.getTime() + ms);

let db: Db;
let admin: User;
let client: User;

beforeEach(() => {
  db = freshDb();
  admin = upsertUserFromClaims(db, { email: "boss@agency.test", firstName: "Jordan", lastName: "Reyes" }, [
    "boss@agency.test",
  ]);
  client = upsertUserFromClaims(db, { email: "c@example.com" });
});

const lead = (email: string, firstName = "Dana") =>
  contactSchema.parse({ firstName, lastName: "Reyes", email, phone: "619 555 0100" });

function sequenceCampaign(delays: number[]) {
  const c = createCampaign(db, admin, { name: "Sellers", type: "seller", isActive: true });
  for (const [i, delayDays] of delays.entries())
    addCampaignEmail(db, admin, c.id, { subject: `S${i + 1}`, content: `Body ${i + 1}`, delayDays, isActive: true });
  return c;
}

describe("blog slugs", () => {
  it("are made from titles and must be lowercase letters, digits and hyphens", () => {
    expect(slugify("What Escrow Is, and What Happens During It in California")).toBe(
      "what-escrow-is-and-what-happens-during-it-in-california",
    );
    expect(slugify("  Café & Condos: 2026!  ")).toBe("cafe-and-condos-2026");
    expect(slugify("!!!")).toBe("");
    const parse = (slug: string) => blogPostSchema.safeParse({ title: "T", content: "C", slug });
    for (const bad of ["Upper-Case", "two--hyphens", "-lead", "trail-", "under_score", "space d"])
      expect(parse(bad).success, bad).toBe(false);
    for (const good of ["a", "flat-fee-2026", "x1-y2"]) expect(parse(good).success, good).toBe(true);
  });

  it("change only the fields a PATCH sends, each validated as on create; unknown fields are refused", () => {
    const post = createPost(
      db,
      admin,
      blogPostSchema.parse({ title: "Escrow", content: "One.", excerpt: "Short", published: "on" }),
      T0,
    );
    const patch = (body: unknown) => blogPostPatchSchema.safeParse(body);
    // { "published": false } unpublishes and changes nothing else (it was a 400 "Title is required").
    const unpublished = updatePost(db, admin, post.id, patch({ published: false }).data!);
    expect(unpublished).toMatchObject({
      title: "Escrow",
      slug: "escrow",
      content: "One.",
      excerpt: "Short",
      published: false,
    });
    // A new title keeps the article's address; the editor's blank slug field is made from the title.
    expect(updatePost(db, admin, post.id, patch({ title: "Escrow, Explained" }).data!).slug).toBe("escrow");
    expect(updatePost(db, admin, post.id, { slug: undefined }).slug).toBe("escrow-explained");
    expect(patch({ slug: "" }).success).toBe(false); // the API's slug is validated as on create
    // A field sent as null is cleared; one not sent stays.
    expect(updatePost(db, admin, post.id, patch({ excerpt: null }).data!)).toMatchObject({
      excerpt: null,
      content: "One.",
    });
    // A field sent is validated as on create; an unknown field is refused.
    expect(patch({ title: "" }).error?.flatten().fieldErrors).toEqual({ title: ["Title is required"] });
    expect(patch({ imageUrl: "http://x.example/a.jpg" }).success).toBe(false);
    expect(patch({ published: false, author: "me" }).error?.flatten().formErrors).toEqual([
      "Unrecognized key(s) in object: 'author'",
    ]);
    expect(() => updatePost(db, admin, 9999, {})).toThrow(NotFoundError);
  });

  it("are unique: a taken slug is a field error; a post keeps its own; an empty slug comes from the title", () => {
    const first = createPost(
      db,
      admin,
      blogPostSchema.parse({ title: "Selling in Spring", content: "One.\nTwo.", published: "on" }),
      T0,
    );
    expect(first).toMatchObject({ slug: "selling-in-spring", published: true, authorId: admin.id });
    let error: unknown;
    try {
      createPost(db, admin, blogPostSchema.parse({ title: "Other", slug: "selling-in-spring", content: "x" }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).fieldErrors).toEqual({ slug: ["This slug is already used by another post"] });
    const again = updatePost(
      db,
      admin,
      first.id,
      blogPostSchema.parse({ title: "Selling in Spring!", slug: "selling-in-spring", content: "One." }),
    );
    expect(again.published).toBe(false);
    expect(getPostBySlug(db, "selling-in-spring")).toBeUndefined(); // unpublished: gone from the public blog
    expect(() => createPost(db, client, blogPostSchema.parse({ title: "Nope", content: "x" }))).toThrow(ForbiddenError);
  });
});

describe("campaign sequences", () => {
  it("reorder up and down, remove with renumbering, and keep waiting leads on the same e-mail", () => {
    const c = sequenceCampaign([1, 2, 0]);
    const ids = () => getCampaign(db, admin, c.id).emails.map((e) => [e.sequence, e.subject]);
    const idOf = (subject: string) => getCampaign(db, admin, c.id).emails.find((e) => e.subject === subject)!.id;
    moveCampaignEmail(db, admin, c.id, idOf("S3"), "up");
    expect(ids()).toEqual([
      [1, "S1"],
      [2, "S3"],
      [3, "S2"],
    ]);
    moveCampaignEmail(db, admin, c.id, idOf("S1"), "up"); // at the top: nothing changes
    moveCampaignEmail(db, admin, c.id, idOf("S1"), "down");
    expect(ids()).toEqual([
      [1, "S3"],
      [2, "S1"],
      [3, "S2"],
    ]);

    setCampaignForNewLeads(db, admin, c.id);
    submitContact(db, lead("w@example.com"), T0); // gets S3 at once, waits for position 2 (S1)
    expect(db.select().from(leadEngagement).get()!.currentSequence).toBe(2);
    removeCampaignEmail(db, admin, c.id, idOf("S3"));
    expect(ids()).toEqual([
      [1, "S1"],
      [2, "S2"],
    ]);
    expect(db.select().from(leadEngagement).get()!.currentSequence).toBe(1); // still S1 next
    processDueDrips(db, at(3 * DAY));
    expect(
      db
        .select({ s: emailOutbox.subject })
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, "drip"))
        .all()
        .map((r) => r.s),
    ).toEqual(["S3", "S1"]);
  });

  it("new leads join the chosen active campaign; an inactive one cannot be chosen; the list counts leads", () => {
    const seeded = createCampaign(db, admin, { name: "First", type: "general", isActive: true });
    const chosen = sequenceCampaign([1]);
    submitContact(db, lead("a@example.com"), T0);
    expect(db.select().from(leadEngagement).get()!.campaignId).toBe(seeded.id); // the first active one by default
    setCampaignForNewLeads(db, admin, chosen.id);
    submitContact(db, lead("b@example.com"), T0);
    expect(
      db
        .select()
        .from(leadEngagement)
        .all()
        .map((e) => e.campaignId),
    ).toEqual([seeded.id, chosen.id]);
    const off = createCampaign(db, admin, { name: "Off", type: "buyer", isActive: false });
    expect(() => setCampaignForNewLeads(db, admin, off.id)).toThrow(InvalidInputError);
    expect(
      listCampaigns(db, admin).map((c) => [c.name, c.emailCount, c.enrolledNow, c.enrolledTotal, c.joinsNewLeads]),
    ).toEqual([
      ["First", 0, 0, 1, false],
      ["Sellers", 1, 1, 1, true],
      ["Off", 0, 0, 0, false],
    ]);
    // Deactivating the chosen campaign: new leads join the first active one.
    db.update(leadNurturingCampaigns).set({ isActive: false }).where(eq(leadNurturingCampaigns.id, chosen.id)).run();
    expect(listCampaigns(db, admin).find((c) => c.joinsNewLeads)?.name).toBe("First");
  });
});

describe("leads", () => {
  it("statuses: new, nurturing, paused, unsubscribed, converted, completed; filters, search and sort", () => {
    submitContact(db, lead("new@example.com", "Nia"), T0); // no campaign yet: new
    const c = sequenceCampaign([0, 3]);
    submitContact(db, lead("nurture@example.com", "Nate"), at(1));
    const paused = submitContact(db, lead("pause@example.com", "Pam"), at(2))!;
    const unsub = submitContact(db, lead("unsub@example.com", "Uma"), at(3))!;
    const conv = submitContact(db, lead("conv@example.com", "Cal"), at(4))!;
    submitContact(db, lead("done@example.com", "Dee"), at(5));
    db.update(leadNurturingEmails).set({ isActive: false }).where(eq(leadNurturingEmails.sequence, 2)).run();
    processDueDrips(db, at(10 * DAY)); // nothing left for anyone: completed ...
    db.update(leadEngagement)
      .set({ status: "active", nextEmailDue: at(20 * DAY) })
      .where(eq(leadEngagement.email, "nurture@example.com"))
      .run();
    db.update(leadEngagement)
      .set({ status: "active", nextEmailDue: at(20 * DAY) })
      .where(eq(leadEngagement.email, "pause@example.com"))
      .run();
    pauseLead(db, admin, paused.id, at(11 * DAY));
    const token = unsubscribeUrl(unsub.engagementId!).split("/unsubscribe/")[1]!;
    unsubscribe(db, token, at(11 * DAY));
    createTransaction(
      db,
      admin,
      { email: "conv@example.com", type: "buying", propertyAddress: "1 A St", homeValue: "500000", leadId: conv.id },
      { now: at(12 * DAY) },
    );

    const status = (email: string) => listLeads(db, admin, { q: email }).rows[0]!.status;
    expect(["new@", "nurture@", "pause@", "unsub@", "conv@", "done@"].map((e) => status(e))).toEqual([
      "new",
      "nurturing",
      "paused",
      "unsubscribed",
      "converted",
      "completed",
    ]);
    expect(listLeads(db, admin, { status: "paused" }).rows.map((r) => r.email)).toEqual(["pause@example.com"]);
    expect(listLeads(db, admin, { status: "new" }).rows.map((r) => r.email)).toEqual(["new@example.com"]);
    expect(listLeads(db, admin, { q: "NATE" }).rows.map((r) => r.firstName)).toEqual(["Nate"]);
    expect(listLeads(db, admin, { q: "555 0100" }).total).toBe(6);
    expect(listLeads(db, admin).rows[0]!.email).toBe("done@example.com"); // newest first
    submitContact(db, lead("pam@example.com".replace("pam", "pause"), "Pam"), at(13 * DAY)); // Pam writes again: +20
    expect(listLeads(db, admin, { sort: "score" }).rows[0]!.email).toBe("pause@example.com");
    expect(() => listLeads(db, client)).toThrow(ForbiddenError);
    void c;
  });

  it("resume: the next e-mail is due its delay after the resume; a timeline with notes by name", () => {
    sequenceCampaign([0, 3, 7]);
    const s = submitContact(db, lead("r@example.com"), T0)!;
    pauseLead(db, admin, s.id, at(1 * DAY));
    expect(db.select().from(leadEngagement).get()).toMatchObject({ status: "paused", nextEmailDue: null });
    expect(processDueDrips(db, at(30 * DAY))).toBe(0);
    expect(() => pauseLead(db, admin, s.id, at(31 * DAY))).toThrow(InvalidInputError);
    resumeLead(db, admin, s.id, at(40 * DAY));
    expect(db.select().from(leadEngagement).get()).toMatchObject({
      status: "active",
      currentSequence: 2,
      nextEmailDue: at(43 * DAY),
    });
    addLeadNote(db, admin, s.id, "Called: wants to list in May.", at(41 * DAY));
    const timeline = getLead(db, admin, s.id).timeline;
    expect(timeline.map((t) => t.type)).toEqual([
      "note",
      "resumed",
      "paused",
      "email_queued",
      "email_queued",
      "email_queued",
      "received",
    ]);
    expect(timeline[0]).toMatchObject({ text: "Note (Jordan Reyes)", detail: "Called: wants to list in May." });
  });

  it("opening a transaction from a lead converts it and stops its drip e-mails, in the same transaction", () => {
    sequenceCampaign([0, 1]);
    const s = submitContact(db, lead("buyer@example.com"), T0)!;
    createTransaction(
      db,
      admin,
      { email: "buyer@example.com", type: "buying", propertyAddress: "2 B St", homeValue: "800000", leadId: s.id },
      { now: at(1000) },
    );
    expect(db.select().from(leadEngagement).get()).toMatchObject({ status: "converted", nextEmailDue: null });
    expect(processDueDrips(db, at(5 * DAY))).toBe(0);
    expect(getLead(db, admin, s.id).timeline[0]).toMatchObject({ type: "converted" });
  });
});

describe("dashboard charts", () => {
  it("count new leads per week and active transactions by type and step band", () => {
    const now = at(84 * DAY);
    for (const [days, email] of [
      [1, "a"],
      [2, "b"],
      [80, "c"],
      [83.9, "d"],
      [-5, "old"],
    ] as const) {
      submitContact(db, lead(`${email}@example.com`), at(days * DAY));
    }
    const weeks = leadsPerWeek(db, admin, now);
    expect(weeks).toHaveLength(12);
    expect(weeks.map((w) => w.count)).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(weeks[0]!.weekStart).toEqual(T0);

    // A lead in the current minute (past the periods' whole-minute start) counts in the last week at
    // once, and a deleted one leaves it.
    const later = new Date(now.getTime() + 30_000);
    expect(leadsPerWeek(db, admin, later).at(-1)!.count).toBe(2);
    const fresh = submitContact(db, lead("e@example.com"), new Date(later.getTime() - 1000));
    expect(leadsPerWeek(db, admin, later).at(-1)!.count).toBe(3);
    db.$client.prepare("delete from contact_submissions where id = ?").run(fresh!.id);
    expect(leadsPerWeek(db, admin, later).at(-1)!.count).toBe(2);

    expect([1, 4, 5, 8, 9, 13].map((s) => stepBand(s, "buying"))).toEqual([
      "early",
      "early",
      "middle",
      "middle",
      "closing",
      "closing",
    ]);
    expect([4, 5, 9, 10].map((s) => stepBand(s, "selling"))).toEqual(["early", "middle", "middle", "closing"]);
    const t = createTransaction(
      db,
      admin,
      { email: "x@example.com", type: "selling", propertyAddress: "x", homeValue: "1" },
      { notify: false },
    );
    createTransaction(
      db,
      admin,
      { email: "y@example.com", type: "buying", propertyAddress: "y", homeValue: "1" },
      { notify: false },
    );
    void t;
    expect(activeByStepBand(db, admin).filter((b) => b.count > 0)).toEqual([
      { type: "buying", band: "early", count: 1 },
      { type: "selling", band: "early", count: 1 },
    ]);
  });
});
