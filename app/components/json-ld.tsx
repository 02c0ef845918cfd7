/**
 * A page's schema.org description as a `<script type="application/ld+json">`, carrying the request's nonce like every
 * script of the page (so a page served from the cache lists it among its hashed scripts: server/page-cache.ts), its
 * JSON escaped so that no text of it (a review, a bio) can close the script. The browser hides a nonce once read,
 * so the attribute differs at hydration by design.
 */
import { useNonce } from "~/hooks/use-nonce";

const escapeJson = (json: string) =>
  json
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: escapeJson(JSON.stringify(data)) }}
    />
  );
}
