import { PassThrough } from "node:stream";
import type { EntryContext, HandleDocumentRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { InlineCssProvider } from "~/components/inline-styles";
import { NonceProvider } from "~/hooks/use-nonce";
import { applySecurityHeaders, createNonce } from "~/infra/security-headers.server";
import { startup } from "~/infra/startup.server";
import css from "~/tailwind.css?inline";

// Configuration check, migrations, seed and the local provider run when the
// server loads this module, before it answers any request.
await startup();

export const streamTimeout = 5_000;

/** For server.js, which refuses cross-site writes before Remix sees them. */
export { isCrossSiteWrite } from "~/lib/same-origin";
export { env as serverEnv } from "~/config/env.server";
export { CROSS_SITE_MESSAGE } from "~/infra/http.server";
export { shutdown } from "~/infra/startup.server";
export {
  PageCache,
  buildEntry,
  cacheKey,
  contentVersion,
  isStorable,
  sendEntry,
  PUBLIC_CACHE_CONTROL,
} from "~/lib/page-cache.server";
export { checkBody, BODY_LIMIT_BYTES, BODY_MESSAGES } from "~/lib/request-body.server";
export { getDb } from "~/infra/database.server";
const dev = process.env.NODE_ENV === "development";
/** The stylesheet every page inlines in production (components/inline-styles.tsx). */
const inlineCss = dev ? "" : css;

const handleRequest: HandleDocumentRequestFunction = (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) => {
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, nonce, { dev });
  // Crawlers and no-JS visitors get the whole document at once; browsers
  // stream from the shell.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={inlineCss}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
};

export default handleRequest;

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
