/**
 * The rules of mail that comes back (server only, but free of the framework): reply addresses and their
 * tokens, automatic mail (RFC 3834), our own messages coming back, and the new text of a reply (quoted
 * history and signatures cut by email-reply-parser). app/models/inbound-email.server.ts applies them.
 */
import EmailReplyParser from "email-reply-parser";
import { MESSAGE_MAX_LENGTH } from "~/lib/message-schema";

/** A reply token: 20 random bytes (160 bits) as lowercase hex, safe in an address's local part. */
export const TOKEN_PATTERN = /^[0-9a-f]{40}$/;

/** reply+TOKEN@domain */
export const replyAddress = (token: string, domain: string) => `reply+${token}@${domain}`;

/** The token of a reply address on our domain, or null (another address, another domain, a malformed token). */
export function tokenOf(address: string, domain: string): string | null {
  const match = /^reply\+([^@]+)@(.+)$/i.exec(address.trim());
  if (!match || match[2]!.toLowerCase() !== domain.toLowerCase()) return null;
  const token = match[1]!.toLowerCase();
  return TOKEN_PATTERN.test(token) ? token : null;
}

/** An address as it is compared: trimmed, lowercase. */
export const normalAddress = (address: string) => address.trim().toLowerCase();

/**
 * Mail sent by a machine, never answered (RFC 3834): `Auto-Submitted` other than "no", `Precedence:` bulk,
 * junk, list or auto_reply, an `X-Autoreply`/`X-Autorespond` header, or an empty return path (a bounce).
 */
export function isAutomatic(mail: { headers: Map<string, string>; returnPath: string | null }): boolean {
  const header = (name: string) => mail.headers.get(name)?.trim().toLowerCase();
  const autoSubmitted = header("auto-submitted");
  if (autoSubmitted && autoSubmitted.split(";")[0]!.trim() !== "no") return true;
  if (["bulk", "junk", "list", "auto_reply"].includes(header("precedence") ?? "")) return true;
  if (mail.headers.has("x-autoreply") || mail.headers.has("x-autorespond")) return true;
  const returnPath = mail.returnPath?.replace(/[<>\s]/g, "");
  return mail.returnPath !== null && returnPath === "";
}

/** True when a Message-ID is one of ours (its domain is ours): our own e-mail coming back. */
export function isOwnMessageId(messageId: string | null | undefined, domain: string): boolean {
  const at = messageId?.trim().replace(/^<|>$/g, "").split("@");
  return Boolean(at && at.length === 2 && at[1]!.toLowerCase() === domain.toLowerCase());
}

/**
 * The new text of a reply: quoted history ("On ... wrote:", "> ", Outlook's "From: ... Sent:") and
 * signatures ("-- ", "Sent from my iPhone") cut, at most MESSAGE_MAX_LENGTH characters.
 */
export function newText(text: string): string {
  const plain = text.replace(/\r\n?/g, "\n");
  const visible = new EmailReplyParser().read(plain).getVisibleText().trim();
  return visible.length > MESSAGE_MAX_LENGTH ? `${visible.slice(0, MESSAGE_MAX_LENGTH - 1)}…` : visible;
}
