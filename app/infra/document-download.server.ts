/**
 * A document's file over HTTP (GET /documents/{id}): the model decides who may read it
 * (app/models/document.server.ts `documentForDownload`); this answers with its bytes from the file store.
 */
import { Readable } from "node:stream";
import type { Db } from "~/db/client.server";
import { fileStore } from "~/infra/file-store.server";
import type { Actor } from "~/models/actor.server";
import { documentForDownload } from "~/models/document.server";

/** Types a browser may show itself with `?inline=1`; anything else is always a download. */
const INLINE_TYPES = new Set(["application/pdf", "image/jpeg", "image/png", "image/webp"]);

/**
 * The file of a document the actor may read (else NotFoundError): a download by default, shown in the
 * browser with `inline` for a PDF or an image. Headers: the name in RFC 6266/5987 form, nosniff, never
 * stored, and a CSP sandbox so that no uploaded file runs script on this origin.
 */
export async function documentResponse(
  db: Db,
  actor: Actor,
  id: number,
  options: { inline?: boolean } = {},
): Promise<Response> {
  const document = documentForDownload(db, actor, id);
  const file = await fileStore().get(document.storageKey);
  if (!file) {
    console.error(`[documents] the file of document ${document.id} (${document.storageKey}) is missing`);
    return new Response("This document's file is missing. Please tell the agency.", {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
    });
  }
  const inline = Boolean(options.inline) && INLINE_TYPES.has(document.contentType);
  return new Response(Readable.toWeb(file) as ReadableStream<Uint8Array>, {
    headers: {
      "content-type": document.contentType,
      "content-length": String(document.size),
      "content-disposition": contentDisposition(inline ? "inline" : "attachment", document.name),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      "content-security-policy": "sandbox",
      "referrer-policy": "no-referrer",
    },
  });
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…`: the UTF-8 name (RFC 5987), and an ASCII one for old
 * clients. The name was cleaned of control characters when it was stored (app/lib/upload-rules.ts).
 */
export function contentDisposition(type: "attachment" | "inline", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
