/**
 * A transaction's conversation, shared by the server and the browser: the message form's schema (the page
 * forms and `POST /api/transactions/{id}/messages`), the wire-fraud words, and how a message's plain text
 * is shown (line breaks kept, https links made clickable; React escapes the rest).
 */
import { z } from "zod";

export const MESSAGE_MAX_LENGTH = 5000;
/** How many messages a page shows: the latest, with a link to older ones. */
export const MESSAGES_SHOWN = 50;

export const MESSAGE_MESSAGES = {
  empty: "Write a message",
  tooLong: `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`,
} as const;

/** The text: line endings made "\n", trimmed, 1 to MESSAGE_MAX_LENGTH characters. */
const body = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : v),
  z
    .string({ required_error: MESSAGE_MESSAGES.empty, invalid_type_error: MESSAGE_MESSAGES.empty })
    .min(1, MESSAGE_MESSAGES.empty)
    .max(MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES.tooLong),
);

export const messageSchema = z.object({ body }).strict();

/** The page form: the same field, beside the form's intent. */
export const messageFormSchema = z.object({ body });

/** An admin's Hide and Show again: the button's value, "12:hide" or "12:show". */
export const hideMessageFormSchema = z.object({
  message: z
    .string()
    .regex(/^[1-9]\d{0,11}:(?:hide|show)$/)
    .transform((v) => {
      const [id, what] = v.split(":");
      return { messageId: Number(id), hidden: what === "hide" };
    }),
});

/** The banner above every conversation, and the warning beside a message that talks of wiring money. */
export const WIRE_FRAUD_NOTICE =
  "We will never send wiring instructions by e-mail or message. Before you wire money, call your escrow officer at a number you already know.";
export const WIRE_WARNING =
  "This message mentions wiring money or bank details. Never wire money on the strength of a message: call your escrow officer at a number you already know.";

const WIRE_WORDS = [
  /\bwir(?:e|es|ed|ing)\b/i,
  /\brouting\s*(?:number|no\.?|#)/i,
  /\baba\s*(?:number|no\.?|#)/i,
  /\baccount\s*(?:number|no\.?|#)/i,
  /\bacct\.?\s*(?:number|no\.?|#)/i,
  /\bswift\b/i,
  /\biban\b/i,
];

/** True for a text that mentions wiring, a routing number or an account number. */
export const mentionsWiring = (text: string) => WIRE_WORDS.some((pattern) => pattern.test(text));

export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

// An https address up to the next space or angle bracket, without the punctuation that ends a sentence.
const LINK = /https:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** A message's text cut into plain parts and https links (nothing else is ever a link). */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(TRAILING, "");
    if (!URL.canParse(url) || url.length <= "https://".length) continue;
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
