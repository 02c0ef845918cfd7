/**
 * A purchase's tours (app/sections/tours.server.ts): the client numbers the saved homes to see and gives up
 * to three times; each tour lists its homes in order with their time; the agent confirms each home's time,
 * either side cancels one, and the client rates a home once seen (1–5 and a note for their agent). Without a
 * buyer agreement in force the section says so and links to it. Plain forms; times are San Diego's.
 */
import { Form } from "@remix-run/react";
import { FieldShell, inputClass } from "~/components/field-shell";
import { BuyerAgreementNotice, type BuyerAgreementNeedView } from "~/components/buyer-agreement-notice";
import { PageSection } from "~/components/page-section";
import { buttonSmall, SubmitButton } from "~/components/submit-button";
import { tourIntents } from "~/lib/intents";
import { MAX_TOUR_HOMES } from "~/lib/tour-schema";

type Stop = {
  listingId: number;
  address: string;
  position: number;
  status: "requested" | "confirmed" | "cancelled";
  start: string | null;
  label: string | null;
  seen: boolean;
  rating: number | null;
  note: string | null;
};

/** What the section shows (app/sections/tours.server.ts, `toursData`). */
export type ToursData = {
  staff: boolean;
  agreement: BuyerAgreementNeedView;
  homes: Array<{ id: number; address: string }>;
  tours: Array<{
    id: number;
    note: string | null;
    slotLabels: string[];
    firstSlotInput: string;
    stops: Stop[];
  }>;
};

function Move({
  tourId,
  stop,
  type,
  label,
  children,
}: {
  tourId: number;
  stop: Stop;
  type: string;
  label: string;
  children?: React.ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="tourId" value={tourId} />
      <input type="hidden" name="listingId" value={stop.listingId} />
      <input type="hidden" name="type" value={type} />
      {children}
      <SubmitButton intent={tourIntents.move} pendingLabel="Saving..." className={buttonSmall}>
        {label}
      </SubmitButton>
    </Form>
  );
}

export function ToursSection({ data }: { data: ToursData }) {
  return (
    <PageSection id="tours" title="Tours" className="mt-8">
      <BuyerAgreementNotice need={data.agreement} staff={data.staff} what="A tour" testId="tour-agreement-needed" />

      {data.tours.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No tours yet.</p>
      ) : (
        <ul className="mt-3 grid gap-4" aria-label="Tours">
          {data.tours.map((tour) => (
            <li key={tour.id} className="rounded-lg border border-slate-200 p-4 text-sm" data-testid="tour">
              <p className="text-slate-600">Times asked for: {tour.slotLabels.join(" · ")}</p>
              {tour.note ? <p className="text-slate-600">Note: {tour.note}</p> : null}
              <ol className="mt-2 grid gap-3">
                {tour.stops.map((stop) => (
                  <li
                    key={stop.listingId}
                    className="grid gap-2 border-t border-slate-100 pt-2"
                    data-testid="tour-stop"
                  >
                    <p>
                      <span className="font-semibold">
                        {stop.position}. {stop.address}
                      </span>{" "}
                      ·{" "}
                      {stop.status === "confirmed"
                        ? `Confirmed: ${stop.label}`
                        : stop.status === "cancelled"
                          ? "Cancelled"
                          : "Waiting for your agent's time"}
                    </p>
                    {stop.rating !== null ? (
                      <p data-testid="tour-rating">
                        Rating {stop.rating}/5{stop.note ? ` · “${stop.note}”` : ""}
                      </p>
                    ) : null}
                    <div className="flex flex-wrap items-end gap-3">
                      {data.staff && stop.status !== "cancelled" ? (
                        <Move
                          tourId={tour.id}
                          stop={stop}
                          type="confirm"
                          label={stop.status === "confirmed" ? "Move" : "Confirm"}
                        >
                          <label>
                            <span className="sr-only">Time for {stop.address}</span>
                            <input
                              type="datetime-local"
                              name="start"
                              required
                              defaultValue={tour.firstSlotInput}
                              className={`${inputClass} mt-0`}
                            />
                          </label>
                        </Move>
                      ) : null}
                      {stop.status !== "cancelled" && !stop.seen ? (
                        <Move tourId={tour.id} stop={stop} type="cancel" label="Cancel" />
                      ) : null}
                      {!data.staff && stop.seen ? (
                        <Move tourId={tour.id} stop={stop} type="rate" label="Save rating">
                          <label className="text-sm">
                            Rating
                            <select name="rating" defaultValue={stop.rating ?? 3} className={`${inputClass} mt-0`}>
                              {[1, 2, 3, 4, 5].map((n) => (
                                <option key={n} value={n}>
                                  {n}
                                </option>
                              ))}
                            </select>
                          </label>
                          <label className="text-sm">
                            Note for your agent
                            <input
                              name="note"
                              maxLength={2000}
                              defaultValue={stop.note ?? ""}
                              className={`${inputClass} mt-0`}
                            />
                          </label>
                        </Move>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}

      {!data.staff ? (
        data.homes.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">Save homes below to ask for a tour of them.</p>
        ) : (
          <details className="mt-4" open={data.tours.length === 0 && !data.agreement}>
            <summary className="cursor-pointer font-semibold">Ask for a tour</summary>
            <Form method="post" preventScrollReset className="mt-3 grid gap-4">
              <fieldset className="grid gap-2">
                <legend className="text-sm font-semibold">Number the homes in the order you want to see them</legend>
                {data.homes.slice(0, 50).map((home) => (
                  <label key={home.id} className="flex items-center gap-2 text-sm">
                    <select
                      name={`stop-${home.id}`}
                      defaultValue=""
                      className={`${inputClass} mt-0 w-20`}
                      aria-label={`Stop for ${home.address}`}
                    >
                      <option value="">—</option>
                      {Array.from({ length: Math.min(MAX_TOUR_HOMES, data.homes.length) }, (_, i) => (
                        <option key={i} value={i + 1}>
                          {i + 1}
                        </option>
                      ))}
                    </select>
                    {home.address}
                  </label>
                ))}
              </fieldset>
              <div className="grid gap-3 sm:grid-cols-3">
                {[1, 2, 3].map((n) => (
                  <FieldShell key={n} id={`tour-slot-${n}`} label={`Time ${n}${n === 1 ? "" : " (optional)"}`}>
                    <input
                      id={`tour-slot-${n}`}
                      name={`slot-${n}`}
                      type="datetime-local"
                      required={n === 1}
                      className={inputClass}
                    />
                  </FieldShell>
                ))}
              </div>
              <FieldShell id="tour-note" label="Note for your agent (optional)">
                <textarea id="tour-note" name="note" rows={2} maxLength={1000} className={inputClass} />
              </FieldShell>
              <div>
                <SubmitButton intent={tourIntents.request} pendingLabel="Sending...">
                  Ask for a tour
                </SubmitButton>
              </div>
            </Form>
          </details>
        )
      ) : null}
    </PageSection>
  );
}
