/**
 * Every intent of the back office's page actions (leads, campaigns, the blog editor, the e-mail log) and
 * the portal's notices, called directly with a Request: what each does, and what a refused one answers.
 * tests/unit/actions.test.ts covers the portal's and the transaction pages' other intents.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import {
  blogPosts,
  emailOutbox,
  leadEngagement,
  leadEvents,
  leadNurturingCampaigns,
  leadNurturingEmails,
  users,
  type User,
} from "~/db/schema";
import { getToast } from "~/infra/flash-toast.server";
import { contactSchema } from "~/lib/contact-schema";
import {
  accountIntents,
  blogPostIntents,
  campaignIntents,
  campaignListIntents,
  emailIntents,
  leadIntents,
  newPostIntents,
} from "~/lib/intents";
import { createPost } from "~/models/blog.server";
import { addCampaignEmail, createCampaign } from "~/models/campaign.server";
import { submitContact } from "~/models/lead-intake.server";
import { claimDue, markAttemptFailed } from "~/models/mail-queue.server";
import { action as editPostAction } from "~/routes/admin.blog.$id";
import { action as newPostAction } from "~/routes/admin.blog.new";
import { action as campaignAction } from "~/routes/admin.campaigns.$id";
import { action as campaignsAction } from "~/routes/admin.campaigns._index";
import { action as emailAction } from "~/routes/admin.emails.$id";
import { action as leadAction } from "~/routes/admin.leads.$id/route";
import { action as portalAction } from "~/routes/client-portal/route";
import { useAppDb } from "./db";
import { answer, args, formPost, ORIGIN } from "./request";

const app = useAppDb();
let db: Db;
let admin: User;
let client: User;
beforeEach(() => ({ db, admin, client } = app));

type Answer = Awaited<ReturnType<typeof answer>>;

/** The flash toast a redirect carries (its title and text), or null. */
async function toastOf(a: Answer) {
  const cookie = a.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) return null;
  const { toast } = await getToast(new Request(ORIGIN, { headers: { cookie } }));
  return toast ? { title: toast.title, description: toast.description, variant: toast.variant } : null;
}

const post = async (
  run: (a: ReturnType<typeof args>) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
  user: User = admin,
) => answer(async () => run(args(await formPost(path, fields, user), params)));

/** A nurtured lead: an active campaign with two e-mails, and a contact submission enrolled in it. */
function nurturedLead() {
  const campaign = createCampaign(db, admin, { name: "Sellers", type: "seller", isActive: true });
  addCampaignEmail(db, admin, campaign.id, { subject: "One", content: "1", delayDays: 0, isActive: true });
  addCampaignEmail(db, admin, campaign.id, { subject: "Two", content: "2", delayDays: 3, isActive: true });
  const submission = submitContact(
    db,
    contactSchema.parse({ firstName: "Dana", lastName: "Reyes", email: "dana@example.com", phone: "619 555 0100" }),
  )!;
  return { campaign, submission };
}

const engagementStatus = (id: number) =>
  db.select({ status: leadEngagement.status }).from(leadEngagement).where(eq(leadEngagement.id, id)).get()!.status;

describe("lead page action", () => {
  it("pause and resume change the lead's nurturing; one that does not apply is told in a toast and changes nothing", async () => {
    const { submission } = nurturedLead();
    const path = `/admin/leads/${submission.id}`;
    const params = { id: String(submission.id) };

    const paused = await post(leadAction, path, { intent: leadIntents.pause }, params);
    expect(paused.status).toBe(302);
    expect(paused.headers.get("location")).toBe(path);
    expect(await toastOf(paused)).toMatchObject({ title: "Paused" });
    expect(engagementStatus(submission.engagementId!)).toBe("paused");

    const again = await post(leadAction, path, { intent: leadIntents.pause }, params);
    expect(again.status).toBe(302);
    expect(await toastOf(again)).toEqual({
      title: "Error",
      description: "Only a lead being nurtured can be paused",
      variant: "destructive",
    });
    expect(engagementStatus(submission.engagementId!)).toBe("paused");

    const resumed = await post(leadAction, path, { intent: leadIntents.resume }, params);
    expect(resumed.status).toBe(302);
    expect(await toastOf(resumed)).toMatchObject({ title: "Resumed" });
    expect(engagementStatus(submission.engagementId!)).toBe("active");
  });

  it("note: stored with the admin's name; an empty one is a field error; an unknown lead is a 404 refusal", async () => {
    const { submission } = nurturedLead();
    const path = `/admin/leads/${submission.id}`;
    const params = { id: String(submission.id) };
    const notes = () => db.select().from(leadEvents).where(eq(leadEvents.type, "note")).all();

    const ok = await post(leadAction, path, { intent: leadIntents.note, note: " Call back Tuesday " }, params);
    expect(ok.status).toBe(302);
    expect(notes()).toMatchObject([
      { contactSubmissionId: submission.id, detail: "Call back Tuesday", actorId: admin.id },
    ]);

    const empty = await post(leadAction, path, { intent: leadIntents.note, note: "  " }, params);
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ result: { error: { note: ["Write the note first"] } } });

    const unknown = await post(leadAction, "/admin/leads/999", { intent: leadIntents.note, note: "x" }, { id: "999" });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ refusal: { status: 404, toast: { description: "Lead not found" } } });
    expect(notes()).toHaveLength(1);
  });

  it("an unknown intent is a 400; a client is refused with 403 and nothing changes", async () => {
    const { submission } = nurturedLead();
    const path = `/admin/leads/${submission.id}`;
    const params = { id: String(submission.id) };
    expect((await post(leadAction, path, { intent: "archive" }, params)).status).toBe(400);
    expect((await post(leadAction, path, { intent: leadIntents.pause }, params, client)).status).toBe(403);
    expect(engagementStatus(submission.engagementId!)).toBe("active");
  });
});

describe("campaign list action", () => {
  it("create: a valid campaign is stored and opened; a nameless one is a field error", async () => {
    const ok = await post(campaignsAction, "/admin/campaigns", {
      intent: campaignListIntents.create,
      name: "Buyers",
      type: "buyer",
      isActive: "on",
    });
    expect(ok.status).toBe(302);
    const created = db.select().from(leadNurturingCampaigns).get()!;
    expect(created).toMatchObject({ name: "Buyers", type: "buyer", isActive: true });
    expect(ok.headers.get("location")).toBe(`/admin/campaigns/${created.id}`);

    const bad = await post(campaignsAction, "/admin/campaigns", { intent: campaignListIntents.create, type: "buyer" });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ result: { error: { name: ["Name is required"] } } });
    expect(db.select().from(leadNurturingCampaigns).all()).toHaveLength(1);
  });

  it("for-new-leads: an active campaign is chosen; an inactive one or a bad id is refused with a toast", async () => {
    const active = createCampaign(db, admin, { name: "A", type: "general", isActive: true });
    const inactive = createCampaign(db, admin, { name: "B", type: "general", isActive: false });
    const choose = (campaignId: string) =>
      post(campaignsAction, "/admin/campaigns", { intent: campaignListIntents.forNewLeads, campaignId });
    const forNewLeads = () =>
      db
        .select({ id: leadNurturingCampaigns.id })
        .from(leadNurturingCampaigns)
        .where(eq(leadNurturingCampaigns.forNewLeads, true))
        .all();

    const ok = await choose(String(active.id));
    expect(ok.status).toBe(302);
    expect(forNewLeads()).toEqual([{ id: active.id }]);

    const refused = await choose(String(inactive.id));
    expect(refused.status).toBe(302);
    expect(await toastOf(refused)).toMatchObject({
      description: "Activate the campaign first: new leads only join an active campaign",
      variant: "destructive",
    });
    expect(await toastOf(await choose("x"))).toMatchObject({ description: "Choose a campaign" });
    expect(forNewLeads()).toEqual([{ id: active.id }]);
  });
});

describe("campaign page action", () => {
  const setup = () => {
    const campaign = createCampaign(db, admin, { name: "Sellers", type: "seller", isActive: true });
    const first = addCampaignEmail(db, admin, campaign.id, {
      subject: "One",
      content: "1",
      delayDays: 0,
      isActive: true,
    });
    const second = addCampaignEmail(db, admin, campaign.id, {
      subject: "Two",
      content: "2",
      delayDays: 3,
      isActive: true,
    });
    return { campaign, first, second, path: `/admin/campaigns/${campaign.id}`, params: { id: String(campaign.id) } };
  };
  const sequence = (campaignId: number) =>
    db
      .select({ subject: leadNurturingEmails.subject, sequence: leadNurturingEmails.sequence })
      .from(leadNurturingEmails)
      .where(eq(leadNurturingEmails.campaignId, campaignId))
      .orderBy(leadNurturingEmails.sequence)
      .all()
      .map((e) => `${e.sequence}:${e.subject}`);

  it("update-campaign saves its details; a bad type is a field error", async () => {
    const { campaign, path, params } = setup();
    const fields = { intent: campaignIntents.updateCampaign, name: "Sellers 2027", type: "general" };
    const ok = await post(campaignAction, path, fields, params);
    expect(ok.status).toBe(302);
    expect(
      db.select().from(leadNurturingCampaigns).where(eq(leadNurturingCampaigns.id, campaign.id)).get(),
    ).toMatchObject({ name: "Sellers 2027", type: "general", isActive: false });
    const bad = await post(campaignAction, path, { ...fields, type: "renters" }, params);
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ intent: campaignIntents.updateCampaign });
  });

  it("add-email and update-email write the sequence; an e-mail of another campaign is a 404 refusal", async () => {
    const { campaign, first, path, params } = setup();
    const added = await post(
      campaignAction,
      path,
      { intent: campaignIntents.addEmail, subject: "Three", content: "3", delayDays: "7", isActive: "on" },
      params,
    );
    expect(added.status).toBe(302);
    expect(sequence(campaign.id)).toEqual(["1:One", "2:Two", "3:Three"]);
    const badDelay = await post(
      campaignAction,
      path,
      { intent: campaignIntents.addEmail, subject: "Four", content: "4", delayDays: "400" },
      params,
    );
    expect(badDelay.status).toBe(400);

    const updated = await post(
      campaignAction,
      path,
      {
        intent: campaignIntents.updateEmail,
        emailId: String(first.id),
        subject: "One, again",
        content: "1",
        delayDays: "1",
      },
      params,
    );
    expect(updated.status).toBe(302);
    expect(sequence(campaign.id)).toEqual(["1:One, again", "2:Two", "3:Three"]);

    const other = setup();
    const foreign = await post(
      campaignAction,
      path,
      {
        intent: campaignIntents.updateEmail,
        emailId: String(other.first.id),
        subject: "X",
        content: "x",
        delayDays: "1",
      },
      params,
    );
    expect(foreign.status).toBe(404);
    expect(sequence(other.campaign.id)).toEqual(["1:One", "2:Two"]);
  });

  it("move-email and remove-email reorder and renumber; a bad form is refused with a toast", async () => {
    const { campaign, second, path, params } = setup();
    const moved = await post(
      campaignAction,
      path,
      { intent: campaignIntents.moveEmail, emailId: String(second.id), direction: "up" },
      params,
    );
    expect(moved.status).toBe(302);
    expect(sequence(campaign.id)).toEqual(["1:Two", "2:One"]);

    const removed = await post(
      campaignAction,
      path,
      { intent: campaignIntents.removeEmail, emailId: String(second.id) },
      params,
    );
    expect(removed.status).toBe(302);
    expect(sequence(campaign.id)).toEqual(["1:One"]);

    const sideways = await post(
      campaignAction,
      path,
      { intent: campaignIntents.moveEmail, emailId: String(second.id), direction: "sideways" },
      params,
    );
    expect(await toastOf(sideways)).toMatchObject({ description: "Choose an e-mail and a direction" });
    expect((await post(campaignAction, path, { intent: "rename" }, params)).status).toBe(400);
  });
});

describe("blog editor actions", () => {
  const fields = { title: "Closing Costs in San Diego", content: "One.\nTwo.", published: "on" };

  it("a new post: preview shows it and stores nothing; save stores it; an unknown intent is a 400", async () => {
    const preview = await post(newPostAction, "/admin/blog/new", { intent: newPostIntents.preview, ...fields });
    expect(preview.status).toBe(200);
    expect(preview.data).toMatchObject({
      preview: { title: fields.title, slug: "closing-costs-in-san-diego", paragraphs: ["One.", "Two."] },
    });
    expect(db.select().from(blogPosts).all()).toHaveLength(0);

    const saved = await post(newPostAction, "/admin/blog/new", { intent: newPostIntents.save, ...fields });
    expect(saved.status).toBe(302);
    const stored = db.select().from(blogPosts).get()!;
    expect(stored).toMatchObject({ slug: "closing-costs-in-san-diego", published: true, authorId: admin.id });
    expect(saved.headers.get("location")).toBe(`/admin/blog/${stored.id}`);

    expect((await post(newPostAction, "/admin/blog/new", { intent: blogPostIntents.delete, ...fields })).status).toBe(
      400,
    );
  });

  it("an existing post: save edits it (a blank slug from the title), a taken slug is a field error, delete removes it", async () => {
    const other = createPost(db, admin, { title: "Other", slug: "other", content: "x", published: false });
    const mine = createPost(db, admin, { title: "Mine", slug: "mine", content: "x", published: true });
    const path = `/admin/blog/${mine.id}`;
    const params = { id: String(mine.id) };

    const saved = await post(
      editPostAction,
      path,
      { intent: blogPostIntents.save, title: "Mine, Renamed", content: "y" },
      params,
    );
    expect(saved.status).toBe(302);
    expect(db.select().from(blogPosts).where(eq(blogPosts.id, mine.id)).get()).toMatchObject({
      title: "Mine, Renamed",
      slug: "mine-renamed",
      content: "y",
      published: false,
    });

    const taken = await post(
      editPostAction,
      path,
      { intent: blogPostIntents.save, title: "Mine", slug: other.slug, content: "y" },
      params,
    );
    expect(taken.status).toBe(400);
    expect(taken.data).toMatchObject({ result: { error: { slug: ["This slug is already used by another post"] } } });

    const preview = await post(
      editPostAction,
      path,
      { intent: blogPostIntents.preview, title: "Draft title", content: "z" },
      params,
    );
    expect(preview.status).toBe(200);
    expect(db.select().from(blogPosts).where(eq(blogPosts.id, mine.id)).get()!.title).toBe("Mine, Renamed");

    const deleted = await post(editPostAction, path, { intent: blogPostIntents.delete }, params);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/blog");
    expect(
      db
        .select()
        .from(blogPosts)
        .all()
        .map((p) => p.slug),
    ).toEqual(["other"]);
    const gone = await post(editPostAction, path, { intent: blogPostIntents.delete }, params);
    expect(gone.headers.get("location")).toBe("/admin/blog");
    expect(await toastOf(gone)).toMatchObject({ description: "Post not found", variant: "destructive" });
  });
});

describe("e-mail page action", () => {
  it("retry queues a failed e-mail again; one that has not failed is refused with a toast and stays as it is", async () => {
    nurturedLead();
    const [alert] = claimDue(db, new Date(), 1, 60_000);
    markAttemptFailed(db, { id: alert!.id, attempts: 8 }, new Error("550 mailbox unavailable"), new Date(), 60_000);
    const status = (id: number) => db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).get()!;
    expect(status(alert!.id).status).toBe("failed");

    const path = `/admin/emails/${alert!.id}`;
    const retried = await post(emailAction, path, { intent: emailIntents.retry }, { id: String(alert!.id) });
    expect(retried.status).toBe(302);
    expect(status(alert!.id)).toMatchObject({ status: "queued", attempts: 0 });

    const again = await post(emailAction, path, { intent: emailIntents.retry }, { id: String(alert!.id) });
    expect(again.status).toBe(302);
    expect(await toastOf(again)).toMatchObject({
      description: "No failed e-mail with this id",
      variant: "destructive",
    });
    expect(status(alert!.id)).toMatchObject({ status: "queued", attempts: 0 });
    expect(
      (await post(emailAction, path, { intent: emailIntents.retry }, { id: String(alert!.id) }, client)).status,
    ).toBe(403);
  });
});

describe("portal notices action", () => {
  it("turns the client's milestone notices off and on; a bad value is refused with a toast and changes nothing", async () => {
    const notices = () => db.select().from(users).where(eq(users.id, client.id)).get()!.milestoneNotices;
    const set = (value: string) =>
      post(portalAction, "/client-portal", { intent: accountIntents.notices, notices: value }, {}, client);

    const off = await set("off");
    expect(off.status).toBe(302);
    expect(await toastOf(off)).toMatchObject({ description: "Milestone e-mails are off." });
    expect(notices()).toBe(false);
    expect(await toastOf(await set("on"))).toMatchObject({
      description: "You will get an e-mail when your transaction moves forward.",
    });
    expect(notices()).toBe(true);
    expect(await toastOf(await set("maybe"))).toMatchObject({
      description: "Choose on or off",
      variant: "destructive",
    });
    expect(notices()).toBe(true);
  });
});
