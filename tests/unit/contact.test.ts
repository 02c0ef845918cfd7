import { parseWithZod } from "@conform-to/zod";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { contactSubmissions, leadEngagement } from "~/db/schema";
import { seedDatabase } from "~/db/seed.server";
import { contactSchema } from "~/lib/contact-schema";
import { validateContact } from "~/lib/contact-schema";
import { ForbiddenError } from "~/lib/errors";
import { submitContact } from "~/models/lead-intake.server";
import { countContactSubmissions, listContactSubmissions } from "~/models/lead.server";
import { freshDb } from "./db";

const valid = {
  firstName: "Dana",
  lastName: "Cruz",
  email: "Dana@Example.com",
  phone: "(619) 555-0100",
  message: "Selling a condo in North Park.",
};

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

describe("contact schema", () => {
  it("accepts a complete form with or without a message", () => {
    expect(contactSchema.safeParse(valid).success).toBe(true);
    const { message: _m, ...noMessage } = valid;
    expect(contactSchema.safeParse(noMessage).success).toBe(true);
  });

  it("gives the library's 'Required' for each missing required field, none for message", () => {
    const errors = validateContact(form({ firstName: "", lastName: "", email: "", phone: "", message: "" }));
    expect(errors.firstName).toEqual(["Required"]);
    expect(errors.lastName).toEqual(["Required"]);
    expect(errors.email).toEqual(["Required"]);
    expect(errors.phone).toEqual(["Required"]);
    expect(errors.message).toBeUndefined();
  });

  it("rejects a malformed e-mail and an unusable phone number", () => {
    const errors = validateContact(form({ ...valid, email: "not-an-email", phone: "123" }));
    expect(errors.email).toEqual(["Invalid email"]);
    expect(errors.phone).toEqual(["Enter a valid phone number"]);
    expect(validateContact(form({ ...valid, phone: "call me" })).phone).toEqual(["Enter a valid phone number"]);
  });

  it("trims values and is the same parse on both sides", () => {
    const submission = parseWithZod(form({ ...valid, firstName: "  Dana  " }), { schema: contactSchema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.firstName).toBe("Dana");
  });

  it("limits lengths", () => {
    expect(validateContact(form({ ...valid, message: "x".repeat(5001) })).message).toBeTruthy();
    expect(validateContact(form({ ...valid, firstName: "x".repeat(101) })).firstName).toBeTruthy();
  });
});

describe("contact submissions", () => {
  let db: Db;
  beforeEach(() => {
    db = freshDb();
  });

  it("stores a submission and enrols the lead in the active campaign", () => {
    seedDatabase(db);
    const row = submitContact(db, contactSchema.parse(valid))!;
    expect(row.email).toBe("dana@example.com");
    expect(db.select().from(contactSubmissions).all()).toHaveLength(1);
    const engagement = db.select().from(leadEngagement).all();
    expect(engagement).toHaveLength(1);
    // The welcome (delay 0) is queued at once with the submission, so the lead waits for e-mail 2,
    // due its 2 days after; a first inquiry scores 10.
    expect(engagement[0]).toMatchObject({
      contactSubmissionId: row.id,
      status: "active",
      currentSequence: 2,
      score: 10,
      email: "dana@example.com",
    });
    expect(engagement[0]!.lastEmailSent?.getTime()).toBe(row.createdAt.getTime());
    expect(engagement[0]!.nextEmailDue?.getTime()).toBe(row.createdAt.getTime() + 2 * 24 * 3600 * 1000);
  });

  it("stores nothing when the honeypot is filled", () => {
    expect(submitContact(db, contactSchema.parse({ ...valid, website: "http://spam.example" }))).toBeNull();
    expect(db.select().from(contactSubmissions).all()).toHaveLength(0);
  });

  it("lists newest first, for admins only", () => {
    submitContact(db, contactSchema.parse({ ...valid, firstName: "First" }));
    submitContact(db, contactSchema.parse({ ...valid, firstName: "Second" }));
    const list = listContactSubmissions(db, { isAdmin: true });
    expect(list.map((s) => s.firstName)).toEqual(["Second", "First"]);
    expect(countContactSubmissions(db, { isAdmin: true })).toBe(2);
    expect(() => listContactSubmissions(db, { isAdmin: false })).toThrow(ForbiddenError);
  });
});
