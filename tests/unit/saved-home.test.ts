import { parseWithZod } from "@conform-to/zod";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { savedHomes, transactionMilestones, transactions } from "~/db/schema";
import { NotFoundError } from "~/lib/errors";
import { savedHomeSchema } from "~/lib/saved-home-schema";
import {
  createSavedHome,
  deleteSavedHome,
  listSavedHomes,
  setFavorite,
  toSavedHomeJson,
} from "~/models/saved-home.server";
import { listMilestones } from "~/models/milestone.server";
import { firstActiveTransaction, listTransactions, toTransactionJson } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { freshDb } from "./db";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

const errorsOf = (values: Record<string, string>) => {
  const submission = parseWithZod(form(values), { schema: savedHomeSchema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
};

describe("listing schema", () => {
  it("requires an address and a price with the spec's messages", () => {
    const errors = errorsOf({ address: "", price: "" });
    expect(errors.address).toEqual(["Address is required"]);
    expect(errors.price).toEqual(["Price is required"]);
    expect(savedHomeSchema.safeParse({}).error?.flatten().fieldErrors).toMatchObject({
      address: ["Address is required"],
      price: ["Price is required"],
    });
  });

  it("turns empty optional fields into undefined and numbers into numbers", () => {
    const result = savedHomeSchema.parse({
      address: " 1 Main St ",
      price: "$850,000",
      bedrooms: "3",
      bathrooms: "2.5",
      squareFootage: "",
      imageUrl: "",
      notes: "",
      zillowUrl: "",
    });
    expect(result).toEqual({ address: "1 Main St", price: "850000", bedrooms: 3, bathrooms: 2.5 });
  });

  it("accepts the API's shapes: price string, numbers or null", () => {
    const result = savedHomeSchema.parse({
      address: "2 Oak Ave",
      price: "1200000",
      bedrooms: null,
      bathrooms: "1.5",
      squareFootage: 1400,
      imageUrl: null,
      notes: null,
      zillowId: null,
    });
    expect(result).toEqual({ address: "2 Oak Ave", price: "1200000", bathrooms: 1.5, squareFootage: 1400 });
  });

  const atLeastZero = ["Number must be greater than or equal to 0"];
  const wholeDollars = ["Enter the price in whole dollars"];
  const httpsImage = ["Use an image address that starts with https://"];
  it.each([
    [{ bedrooms: "-1" }, "bedrooms", atLeastZero],
    [{ bathrooms: "-0.5" }, "bathrooms", atLeastZero],
    [{ squareFootage: "-10" }, "squareFootage", atLeastZero],
    [{ bathrooms: "2.25" }, "bathrooms", ["Use steps of 0.5"]],
    [{ bedrooms: "2.5" }, "bedrooms", ["Enter a whole number"]],
    [{ bedrooms: "two" }, "bedrooms", ["Enter a number"]],
    [{ imageUrl: "not a url" }, "imageUrl", ["Enter a valid URL", ...httpsImage]],
    [{ imageUrl: "javascript:alert(1)" }, "imageUrl", httpsImage],
    [{ price: "12.50" }, "price", wholeDollars],
    [{ price: "0" }, "price", wholeDollars],
    [{ price: "1234567890123" }, "price", wholeDollars],
  ])("refuses %j with its message", (override, field, messages) => {
    expect(errorsOf({ address: "1 Main St", price: "500000", ...override })).toEqual({ [field]: messages });
  });
});

describe("listings belong to their user", () => {
  let db: Db;
  let alice: { id: string; isAdmin: boolean };
  let bob: { id: string; isAdmin: boolean };
  beforeEach(() => {
    db = freshDb();
    alice = upsertUserFromClaims(db, { email: "alice@example.com" });
    bob = upsertUserFromClaims(db, { email: "bob@example.com" });
  });

  it("creates, lists newest first, favorites and deletes the user's own", () => {
    const first = createSavedHome(db, alice, savedHomeSchema.parse({ address: "1 A St", price: "500000" }));
    const second = createSavedHome(
      db,
      alice,
      savedHomeSchema.parse({ address: "2 B St", price: "750000", bathrooms: "2.5" }),
    );
    expect(listSavedHomes(db, alice).map((l) => l.id)).toEqual([second.id, first.id]);
    expect(listSavedHomes(db, bob)).toEqual([]);
    expect(toSavedHomeJson(second)).toMatchObject({
      price: "750000",
      bathrooms: "2.5",
      status: "active",
      isFavorite: false,
      zillowId: null,
    });
    expect(setFavorite(db, alice, first.id, true).isFavorite).toBe(true);
    deleteSavedHome(db, alice, first.id);
    expect(listSavedHomes(db, alice).map((l) => l.id)).toEqual([second.id]);
  });

  it("refuses another user's listing as not found and changes nothing", () => {
    const listing = createSavedHome(db, alice, savedHomeSchema.parse({ address: "1 A St", price: "500000" }));
    expect(() => setFavorite(db, bob, listing.id, true)).toThrow(NotFoundError);
    expect(() => deleteSavedHome(db, bob, listing.id)).toThrow(NotFoundError);
    const row = db.select().from(savedHomes).all();
    expect(row).toHaveLength(1);
    expect(row[0]!.isFavorite).toBe(false);
  });

  it("shows a client only their own transactions and milestones; admins all", () => {
    const mine = db
      .insert(transactions)
      .values({ userId: alice.id, type: "buying", homeValueCents: 80_000_000 })
      .returning()
      .get();
    const theirs = db.insert(transactions).values({ userId: bob.id, type: "selling" }).returning().get();
    db.insert(transactionMilestones).values({ transactionId: theirs.id, stepNumber: 1, title: "Consultation" }).run();
    expect(listTransactions(db, alice).map((t) => t.id)).toEqual([mine.id]);
    expect(listTransactions(db, { id: "x", isAdmin: true }).map((t) => t.id)).toEqual([mine.id, theirs.id]);
    expect(() => listMilestones(db, alice, theirs.id)).toThrow(NotFoundError);
    expect(listMilestones(db, bob, theirs.id)).toHaveLength(1);
    expect(listMilestones(db, { id: "x", isAdmin: true }, theirs.id)).toHaveLength(1);
    expect(firstActiveTransaction(db, alice)?.id).toBe(mine.id);
    expect(toTransactionJson(mine)).toMatchObject({ homeValue: "800000", currentStep: 1, status: "active" });
  });

  it("removes milestones with their transaction", () => {
    const t = db.insert(transactions).values({ userId: alice.id, type: "buying" }).returning().get();
    db.insert(transactionMilestones).values({ transactionId: t.id, stepNumber: 1, title: "Consultation" }).run();
    db.delete(transactions).run();
    expect(db.select().from(transactionMilestones).all()).toHaveLength(0);
  });
});
