/**
 * GET /admin/transactions/{id}/export (admins): the transaction's whole file as one ZIP, streamed as it is
 * written (app/infra/zip-stream.server.ts) so that gigabytes of documents never sit in memory:
 * summary.html (a readable cover), transaction.json (the same as data), messages.txt, audit.csv and
 * documents/ (every document, removed ones included, under its name, duplicates numbered). The documents
 * are stored as they are (PDFs and images are compressed already); the text is deflated; one document is
 * opened at a time. The export is recorded in the audit (app/models/transaction-file.server.ts).
 */
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { TransactionFileSummary } from "~/components/transaction-file-summary";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { contentDisposition } from "~/infra/document-download.server";
import { fileStore } from "~/infra/file-store.server";
import { requireAdmin } from "~/infra/guards.server";
import { idParam, modelCall } from "~/infra/http.server";
import { zipStream, type ZipEntry } from "~/infra/zip-stream.server";
import { formatDateTime } from "~/lib/format";
import { AUDIT_CSV_HEADER, auditCsvLine } from "~/models/audit.server";
import { messagesText, transactionFile } from "~/models/transaction-file.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const file = modelCall(() => transactionFile(getDb(), admin, id));
  const { site } = env();
  const at = (iso: string) => formatDateTime(iso);
  const summary = renderToStaticMarkup(
    <TransactionFileSummary data={file.data} formatAt={at} agency={{ name: site.name, license: site.license }} />,
  );
  const store = fileStore();
  async function* entries(): AsyncGenerator<ZipEntry> {
    yield { name: "summary.html", source: `<!doctype html>${summary}` };
    yield { name: "transaction.json", source: `${JSON.stringify(file.data, null, 2)}\n` };
    yield { name: "messages.txt", source: messagesText(file.data, at) };
    yield { name: "audit.csv", source: () => Readable.from(auditLines(file.audit())) };
    for (const document of file.files) {
      const bytes = await store.get(document.key);
      yield bytes
        ? { name: document.path, source: bytes, store: true }
        : {
            name: `${document.path}.missing.txt`,
            source: `The file of this document (${document.key}) is missing from the store.\n`,
          };
    }
  }
  const zip = zipStream(entries(), {
    date: new Date(file.data.exportedAt),
    onError: (error) => console.error(`[export] transaction ${id}:`, error),
  });
  const name = `transaction-${id}.zip`;
  return new Response(zip, {
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
