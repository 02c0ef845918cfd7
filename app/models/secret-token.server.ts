/**
 * Unguessable tokens for links and addresses (a co-signer's link, a showing page, a calendar feed, a listing
 * start), and the SHA-256 a table keeps instead of a token that works as a key (and of a file's bytes).
 */
import { createHash, randomBytes } from "node:crypto";
import { TOKEN_BYTES } from "~/lib/token-format";

/** `bytes` random bytes as base64url (24 bytes: 32 characters; their shape: app/lib/token-format.ts). */
export const newToken = (bytes: number = TOKEN_BYTES.standard) => randomBytes(bytes).toString("base64url");

/** The hex SHA-256 of a token or of bytes. */
export const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
