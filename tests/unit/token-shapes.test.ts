/**
 * Every link's token has one shape rule (app/lib/token-format.ts): the open house's door and the review link too. A
 * token of the wrong shape is "not found" before any lookup.
 */
import { describe, expect, it } from "vitest";
import { NotFoundError } from "~/lib/errors";
import { isToken, TOKEN_BYTES, tokenLength } from "~/lib/token-format";
import { openHouseAtDoor } from "~/models/open-house.server";
import { requestByToken } from "~/models/review.server";
import { newToken } from "~/models/secret-token.server";
import { freshDb } from "./db";

describe("tokens in links", () => {
  it("the door's token is 18 bytes (24 characters), the review link's 24 (32); the wrong shape is not found", () => {
    const db = freshDb();
    expect(tokenLength(TOKEN_BYTES.door)).toBe(24);
    expect(isToken(newToken(TOKEN_BYTES.door), TOKEN_BYTES.door)).toBe(true);
    for (const token of ["", "short", newToken(), `${newToken(TOKEN_BYTES.door).slice(0, 23)}!`]) {
      expect(() => openHouseAtDoor(db, token)).toThrow(NotFoundError);
    }
    // A well-shaped token no open house has: not found by the lookup.
    expect(() => openHouseAtDoor(db, newToken(TOKEN_BYTES.door))).toThrow(NotFoundError);
    for (const token of ["", "../../etc/passwd", newToken(TOKEN_BYTES.door), newToken()]) {
      expect(() => requestByToken(db, token)).toThrow(NotFoundError);
    }
  });
});
