import { PassThrough } from "node:stream";
import type { EntryContext, HandleDocumentRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { InlineCssProvider } from "~/components/inline-styles";
import { NonceProvider } from "~/hooks/use-nonce";
import { applySecurityHeaders, createNonce } from "~/infra/security-headers.server";
import { getDb } from "~/infra/database.server";
import { shutdown, startup } from "~/infra/startup.server";
import { requestContext } from "~/models/audit-log.server";
import { contentVersionOf, pageScopeVersion } from "~/models/content-version.server";
import css from "~/tailwind.css?inline";

// Configuration check, migrations, seed and the local provider run when the
// server loads this module, before it answers any request.
await startup();

export const streamTimeout = 5_000;

/** What the production server (server/) asks of the app, in one object. */
export const serverHooks = {
  /** The public pages' content version: a page cached at another version is stale (server/page-cache.ts). */
  publicContentVersion: () => contentVersionOf(getDb(), "publicPages"),
  /** One page's own scope's version (`sale:12`): a page stored at another is stale (server/page-cache.ts). */
  pageScopeVersion: (scope: string) => pageScopeVersion(getDb(), scope),
  /** The app's part of a graceful stop (the mail batch, the demo provider, the database). */
  shutdown,
  /**
   * Runs a request's answer knowing its client's address and browser (the audit's `ip`, an agreement's
   * consent and signature: models/audit-log.server.ts).
   */
  withRequest: <T,>(client: { ip: string | null; browser: string | null }, run: () => T): T =>
    requestContext.run(client, run),
};
export type ServerHooks = typeof serverHooks;

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
    const send = () => {
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
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={inlineCss}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) send();
        },
        onAllReady() {
          clearTimeout(timer);
          if (waitForAll) send();
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // The render is aborted if it is not complete within the stream timeout. The timer is cleared as soon
    // as it is (React calls back after this line): a pending one holds its whole render (the stream, its
    // buffers, the page's data) until it fires, and under load those renders were most of a web
    // process's memory (docs/decisions/015-memory.md).
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
};

export default handleRequest;

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
