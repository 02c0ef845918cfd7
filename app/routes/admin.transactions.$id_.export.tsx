/**
 * GET /admin/transactions/{id}/export (admins): the transaction's whole file as one ZIP, streamed as it is
 * written (archiver: a maintained ZIP writer) so that 2 GB of documents never sit in memory:
 * summary.html (a readable cover), transaction.json (the same as data), messages.txt, audit.csv and
 * documents/ (every document, removed ones included, under its name, duplicates numbered). The documents
 * are stored as they are (PDFs and images are compressed already); the text is deflated. One document is
 * read at a time: the next is added when the last one has been written. The export is recorded in the
 * audit (app/models/transaction-file.server.ts).
 */
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ZipArchive } from "archiver";
import { renderToStaticMarkup } from "react-dom/server";
import { TransactionFileSummary } from "~/components/transaction-file-summary";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { contentDisposition } from "~/infra/document-download.server";
import { fileStore } from "~/infra/file-store.server";
import { requireAdmin } from "~/infra/guards.server";
import { idParam, modelCall } from "~/infra/http.server";
import { formatDateTime } from "~/lib/format";
import { AUDIT_CSV_HEADER, auditCsvLine } from "~/models/audit.server";
import { messagesText, transactionFile } from "~/models/transaction-file.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const file = modelCall(() => transactionFile(getDb(), admin, id));
  const { site } = env();
  const at = (iso: string) => formatDateTime(iso);
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const summary = renderToStaticMarkup(
    <TransactionFileSummary data={file.data} formatAt={at} agency={{ name: site.name, license: site.license }} />,
  );
  const written = { appended: 0, done: 0 };
  archive.on("entry", () => {
    written.done += 1;
  });
  const add = (source: string | Readable, name: string, store = false) => {
    written.appended += 1;
    archive.append(source, { name, store, date: new Date(file.data.exportedAt) });
  };
  /** Waits until every entry appended so far has been written to the ZIP (one document read at a time). */
  const drained = () =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (written.done >= written.appended) {
          archive.off("entry", check);
          resolve();
        }
      };
      archive.on("entry", check);
      check();
    });
  void (async () => {
    add(`<!doctype html>${summary}`, "summary.html");
    add(`${JSON.stringify(file.data, null, 2)}\n`, "transaction.json");
    add(messagesText(file.data, at), "messages.txt");
    add(Readable.from(auditLines(file.audit())), "audit.csv");
    await drained();
    const store = fileStore();
    for (const document of file.files) {
      const bytes = store.get(document.key);
      if (bytes) add(bytes, document.path, true);
      else
        add(`The file of this document (${document.key}) is missing from the store.\n`, `${document.path}.missing.txt`);
      await drained();
    }
    await archive.finalize();
  })().catch((error: unknown) => {
    console.error(`[export] transaction ${id}:`, error);
    archive.abort();
  });
  const name = `transaction-${id}.zip`;
  return new Response(Readable.toWeb(archive) as ReadableStream<Uint8Array>, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": contentDisposition("attachment", name),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

function* auditLines(events: Iterable<Parameters<typeof auditCsvLine>[0]>) {
  yield AUDIT_CSV_HEADER;
  for (const event of events) yield auditCsvLine(event);
}
