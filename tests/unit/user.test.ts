import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { getUserByEmail, setAdmin, toPublicUser, upsertUserFromClaims } from "~/models/user.server";
import { freshDb } from "./db";

describe("user upsert at sign-in", () => {
  let db: Db;
  beforeEach(() => {
    db = freshDb();
  });

  it("creates a user by e-mail, normalised to lower case", () => {
    const user = upsertUserFromClaims(db, { email: " Pat@Example.COM ", firstName: "Pat", lastName: "Lee" });
    expect(user.email).toBe("pat@example.com");
    expect(user.firstName).toBe("Pat");
    expect(user.lastName).toBe("Lee");
    expect(user.isAdmin).toBe(false);
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("updates the same row on the next sign-in and keeps names the provider omits", () => {
    const first = upsertUserFromClaims(db, { email: "pat@example.com", firstName: "Pat", lastName: "Lee" });
    const second = upsertUserFromClaims(db, {
      email: "PAT@example.com",
      firstName: "Patricia",
      profileImageUrl: "https://img.example/p.png",
    });
    expect(second.id).toBe(first.id);
    expect(second.firstName).toBe("Patricia");
    expect(second.lastName).toBe("Lee");
    expect(second.profileImageUrl).toBe("https://img.example/p.png");
    expect(db.select().from(users).all()).toHaveLength(1);
  });

  it("promotes e-mails listed in ADMIN_EMAILS", () => {
    const user = upsertUserFromClaims(db, { email: "Boss@Example.com" }, ["boss@example.com"]);
    expect(user.isAdmin).toBe(true);
    // An existing client becomes admin once listed.
    upsertUserFromClaims(db, { email: "later@example.com" });
    expect(upsertUserFromClaims(db, { email: "later@example.com" }, ["later@example.com"]).isAdmin).toBe(true);
  });

  it("keeps a role granted by command across sign-ins", () => {
    upsertUserFromClaims(db, { email: "ops@example.com" });
    expect(setAdmin(db, "OPS@example.com", true)?.isAdmin).toBe(true);
    expect(upsertUserFromClaims(db, { email: "ops@example.com" }, []).isAdmin).toBe(true);
    expect(setAdmin(db, "ops@example.com", false)?.isAdmin).toBe(false);
    expect(getUserByEmail(db, "ops@example.com")?.isAdmin).toBe(false);
  });

  it("grants nothing to an unknown e-mail", () => {
    expect(setAdmin(db, "nobody@example.com", true)).toBeUndefined();
  });

  it("returns exactly the public fields", () => {
    const user = upsertUserFromClaims(db, { email: "a@example.com" });
    expect(Object.keys(toPublicUser(user)).sort()).toEqual(
      ["email", "firstName", "id", "isAdmin", "isAgent", "lastName", "profileImageUrl"].sort(),
    );
  });
});
