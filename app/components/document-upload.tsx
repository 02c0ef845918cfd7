/**
 * The upload form of a transaction's documents (the portal and the admin's transaction page). Without
 * JavaScript it is a plain multipart form posted to the page's action, which answers with the page and
 * the message of a refusal. With JavaScript the same form goes to POST /api/transactions/{id}/documents
 * by XMLHttpRequest (fetch cannot report an upload's progress): each file shows the bytes sent of its
 * size, the upload can be cancelled, and the page's data is reloaded when it is stored.
 */
import { useRevalidator } from "@remix-run/react";
import { useId, useRef, useState, type FormEvent } from "react";
import { inputClass } from "~/components/field-shell";
import { buttonOutline, buttonPrimary } from "~/components/submit-button";
import { useToast } from "~/components/toast-provider";
import { uploadedToast } from "~/lib/document-schema";
import { documentIntents } from "~/lib/intents";
import {
  DOCUMENT_ACCEPT,
  formatBytes,
  MAX_FILES_PER_UPLOAD,
  tooLargeMessage,
  UPLOAD_MESSAGES,
} from "~/lib/upload-rules";

export type UploadStep = { id: number; stepNumber: number; title: string };

/** An upload in flight: its files, the bytes sent of the request's, and whether all were sent (`sent`). */
type Sending = { files: { name: string; size: number }[]; loaded: number; total: number; sent?: boolean };

export function DocumentUpload({
  transactionId,
  steps,
  maxFileBytes,
  error,
}: {
  transactionId: number;
  steps: UploadStep[];
  maxFileBytes: number;
  /** The page action's refusal of the last upload (without JavaScript). */
  error?: string | null;
}) {
  const id = useId();
  const toast = useToast();
  const revalidator = useRevalidator();
  const request = useRef<XMLHttpRequest | null>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const shown = message ?? error ?? null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const files = data.getAll("file").filter((f): f is File => f instanceof File && f.name !== "");
    const refusal = !files.length
      ? UPLOAD_MESSAGES.noFile
      : files.length > MAX_FILES_PER_UPLOAD
        ? UPLOAD_MESSAGES.tooMany
        : files.find((f) => f.size > maxFileBytes);
    if (refusal) {
      setMessage(typeof refusal === "string" ? refusal : tooLargeMessage(maxFileBytes, refusal.name));
      return;
    }
    data.delete("intent");
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open("POST", `/api/transactions/${transactionId}/documents`);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setSending((s) => s && { ...s, loaded: e.loaded, total: e.total });
    };
    // Every byte is sent: the server is storing the files, and a cancel can no longer stop that.
    let allSent = false;
    xhr.upload.onload = () => {
      allSent = true;
      setSending((s) => s && { ...s, sent: true });
    };
    const done = (text: string | null) => {
      request.current = null;
      setSending(null);
      setMessage(text);
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        form.reset();
        done(null);
        toast({ description: uploadedToast(files.length) });
        revalidator.revalidate();
      } else {
        const answer = xhr.response as { message?: string } | null;
        done(answer?.message ?? "The upload failed. Please try again.");
      }
    };
    xhr.onerror = () => done("The upload failed: check your connection and try again.");
    xhr.onabort = () => {
      if (!allSent) return done("Upload cancelled: nothing was stored.");
      done("Cancelled after the files were sent: they may have been stored, as the list shows.");
      revalidator.revalidate();
    };
    setMessage(null);
    setSending({ files: files.map((f) => ({ name: f.name, size: f.size })), loaded: 0, total: 0 });
    xhr.send(data);
  }

  return (
    <form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="mt-4 grid min-w-0 gap-3 rounded-lg border border-dashed border-slate-300 p-4"
      aria-labelledby={`${id}-title`}
    >
      {/* First, so the action knows the intent before the files arrive. */}
      <input type="hidden" name="intent" value={documentIntents.upload} />
      <h3 id={`${id}-title`} className="font-semibold">
        Upload documents
      </h3>
      <div className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
        <label className="grid min-w-0 gap-1 text-sm font-semibold">
          Files
          <input
            type="file"
            name="file"
            multiple
            accept={DOCUMENT_ACCEPT}
            className="w-full min-w-0 text-sm font-normal"
            aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ""}`}
            disabled={Boolean(sending)}
          />
        </label>
        {steps.length ? (
          <label className="grid min-w-0 gap-1 text-sm font-semibold">
            Step (optional)
            {/* A step's title may be long: the select keeps to its box (min-w-0) and its text is cut. */}
            <select
              name="milestoneId"
              className={`${inputClass} min-w-0 truncate`}
              disabled={Boolean(sending)}
              defaultValue=""
            >
              <option value="">The whole transaction</option>
              {steps.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.stepNumber}. {s.title}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        PDF, JPEG, PNG, WebP, HEIC or DOCX; up to {MAX_FILES_PER_UPLOAD} files of {formatBytes(maxFileBytes)} each.
      </p>
      {shown ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700" data-testid="upload-error">
          {shown}
        </p>
      ) : null}
      {sending ? <UploadProgress sending={sending} onCancel={() => request.current?.abort()} /> : null}
      <div>
        <button type="submit" className={buttonPrimary} disabled={Boolean(sending)}>
          {sending ? "Uploading..." : "Upload"}
        </button>
      </div>
    </form>
  );
}

/**
 * Each file's bytes sent of its size. The browser reports the request's bytes as a whole; the files are
 * sent in order, so each file's share is what was sent past the files before it (the form's own bytes,
 * a few hundred, are spread over the whole).
 */
function UploadProgress({ sending, onCancel }: { sending: Sending; onCancel: () => void }) {
  const sizes = sending.files.reduce((sum, f) => sum + f.size, 0);
  const sent = sending.total ? (sending.loaded * sizes) / sending.total : 0;
  let before = 0;
  return (
    <div className="grid gap-2" data-testid="upload-progress">
      <ul className="grid gap-2">
        {sending.files.map((file, i) => {
          const own = Math.min(file.size, Math.max(0, sent - before));
          before += file.size;
          return (
            <li key={i} className="grid gap-1 text-sm">
              <span className="flex justify-between gap-2">
                <span className="truncate">{file.name}</span>
                <span className="shrink-0 text-slate-600">
                  {formatBytes(Math.round(own))} of {formatBytes(file.size)}
                </span>
              </span>
              <progress className="h-2 w-full" max={file.size || 1} value={Math.round(own)} aria-label={file.name} />
            </li>
          );
        })}
      </ul>
      <div>
        {sending.sent ? (
          <p className="text-sm text-slate-600" role="status">
            Storing...
          </p>
        ) : (
          <button type="button" className={buttonOutline} onClick={onCancel}>
            Cancel upload
          </button>
        )}
      </div>
    </div>
  );
}
