/**
 * The shape of the unguessable tokens in our links and addresses (app/models/secret-token.server.ts makes them):
 * `bytes` random bytes as base64url, 24 bytes (a showing page, a calendar feed, a listing start: 32 characters) or
 * 32 (a co-signer's link: 43); an open house's door 18 (24 characters: its QR code stays small, and it opens only
 * around the open house). A path that does not have the shape is "not found" before any lookup.
 */
export const TOKEN_BYTES = { standard: 24, signing: 32, door: 18 } as const;

/** How many base64url characters `bytes` random bytes make, unpadded. */
export const tokenLength = (bytes: number) => Math.ceil((bytes * 4) / 3);

/** The pattern of a token of `bytes` bytes (for a route's path: its source). */
export const tokenPattern = (bytes: number = TOKEN_BYTES.standard) => `[A-Za-z0-9_-]{${tokenLength(bytes)}}`;

/** Whether `token` has the shape of a token of `bytes` bytes. */
export const isToken = (token: string, bytes: number = TOKEN_BYTES.standard) =>
  new RegExp(`^${tokenPattern(bytes)}$`).test(token);
