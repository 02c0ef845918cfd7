/**
 * POST /api/inbound-email: the webhook door for replies (a provider receives the mail for
 * INBOUND_EMAIL_DOMAIN and posts it as Postmark's inbound JSON). Enabled by INBOUND_WEBHOOK_SECRET (else
 * 404), with HTTP Basic authentication whose password is that secret (any user name): wrong or missing
 * credentials get 401 before the body is read. A reply is then taken through the same path as the SMTP
 * door's (app/models/inbound-email.server.ts), and the answer is 200 whether it was stored or dropped.
 */
import { timingSafeEqual } from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { jsonError, methodNotAllowed } from "~/infra/http.server";
import { fileStore } from "~/infra/file-store.server";
import { acceptInboundEmail, type InboundMail } from "~/models/inbound-email.server";
import { INBOUND_WEBHOOK_MAX_BYTES } from "~/lib/route-access";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  const secret = env().inbound.webhookSecret;
  if (!secret) return jsonError(404, "Not found");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (!authorized(request.headers.get("authorization"), secret)) {
    return Response.json(
      { message: "Unauthorized" },
      { status: 401, headers: { "www-authenticate": 'Basic realm="inbound-email", charset="UTF-8"' } },
    );
  }
  const text = await readLimited(request, INBOUND_WEBHOOK_MAX_BYTES);
  if (text === null) return jsonError(413, "The message is too large: the limit is 50 MB.");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return jsonError(400, "Malformed JSON body");
  }
  const parsed = postmarkInbound.safeParse(json);
  if (!parsed.success) return jsonError(400, "Not a Postmark inbound message");
  await acceptInboundEmail(getDb(), fileStore(), fromPostmark(parsed.data));
  // The same answer whatever became of it: no oracle for guessing tokens.
  return Response.json({ ok: true });
}

/** Basic credentials whose password is the secret, compared in constant time. */
function authorized(header: string | null, secret: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return false;
  const given = Buffer.from(decoded.slice(colon + 1));
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The body as text, or null past `limit` bytes (the reading stops there). */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const address = z.object({ Email: z.string(), MailboxHash: z.string().optional() }).passthrough();

/** The fields of Postmark's inbound JSON this site reads (https://postmarkapp.com/developer/webhooks/inbound-webhook). */
const postmarkInbound = z
  .object({
    From: z.string().optional(),
    FromFull: address.optional(),
    To: z.string().optional(),
    ToFull: z.array(address).optional(),
    CcFull: z.array(address).optional(),
    MailboxHash: z.string().optional(),
    TextBody: z.string().optional(),
    StrippedTextReply: z.string().optional(),
    Headers: z.array(z.object({ Name: z.string(), Value: z.string() })).optional(),
    Attachments: z
      .array(z.object({ Name: z.string().optional(), Content: z.string(), ContentType: z.string().optional() }))
      .optional(),
  })
  .passthrough();

function fromPostmark(mail: z.infer<typeof postmarkInbound>): InboundMail {
  const headers = new Map<string, string>();
  for (const { Name, Value } of mail.Headers ?? []) headers.set(Name.toLowerCase(), Value);
  const recipients = [...(mail.ToFull ?? []), ...(mail.CcFull ?? [])].map((a) => a.Email);
  if (recipients.length === 0 && mail.To)
    recipients.push(...mail.To.split(",").map((a) => a.replace(/^.*</, "").replace(/>.*$/, "")));
  return {
    recipients,
    token: mail.MailboxHash || null,
    from: mail.FromFull?.Email ?? mail.From ?? null,
    returnPath: headers.has("return-path") ? headers.get("return-path")! : null,
    headers,
    messageId: headers.get("message-id") ?? null,
    // Postmark's own cut of the quoted text when it made one; the reply parser runs on it either way.
    text: mail.StrippedTextReply?.trim() ? mail.StrippedTextReply : (mail.TextBody ?? ""),
    attachments: (mail.Attachments ?? []).map((a) => ({
      name: a.Name ?? "attachment",
      content: Buffer.from(a.Content, "base64"),
    })),
  };
}
