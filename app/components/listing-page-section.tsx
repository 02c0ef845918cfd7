/**
 * The Listing tab's "Listing page" (docs/listings.md; staff on a sale): where the page is and whether it
 * is shown, what the seller said, its views and inquiries, and the form for its facts and description. A phrase that
 * breaks fair housing comes back named with why, and a reason field to save anyway (app/sections/listing-page.server.ts).
 */
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { inputClass } from "~/components/field-shell";
import { PageSection } from "~/components/page-section";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { PROPERTY_TYPES } from "~/lib/home-listing-schema";
import { listingPageIntents } from "~/lib/intents";
import { formatSlot } from "~/lib/format";
import { countOf } from "~/lib/plural";

/** A refused save: the values typed, and each flagged phrase with why. */
export type ListingActionData = {
  listingForm?: { values: Record<string, string>; flags: Array<{ phrase: string; reason: string }> };
};

export type ListingPageData = {
  url: string;
  state: "hidden" | "live" | "sold";
  /** Why it is not shown (app/lib/listing-state.ts), or null. */
  notLive: string | null;
  sellerYes: boolean;
  /** The MLS date in words. */
  /** In words (formatDayWords), not the field's value. */
  mlsEnteredOn: string | null;
  /** A new description waiting for the broker's approval (the earlier one stays shown), or null. */
  waiting: { text: string; reason: string } | null;
  /** The broker's comment on the last description returned, or null. */
  returned: string | null;
  olderPersons: "true" | "false";
  /** The broker (or a licensee they named) marks housing for older persons. */
  mayMarkOlderPersons: boolean;
  values: Record<string, string>;
  stats: {
    viewsWeek: number;
    viewsTotal: number;
    inquiries: number;
    showings: number;
    signIns: number;
    visitors: number;
  };
  openHouses: Array<{
    id: number;
    start: string;
    end: string;
    host: string;
    cancelled: boolean;
    signInPath: string | null;
    visitors: number;
    withAgent: number;
    names: Array<{ name: string; hasAgent: boolean; agentName: string | null }>;
  }>;
  hosts: Array<{ id: string; name: string }>;
};

/** "4 open-house visitors", or "5 open-house sign-ins, 4 visitors" when someone signed in twice. */
export const doorWords = ({ signIns, visitors }: { signIns: number; visitors: number }) =>
  signIns === visitors
    ? countOf(visitors, "open-house visitor")
    : `${countOf(signIns, "open-house sign-in")}, ${countOf(visitors, "visitor")}`;

const STATE_WORDS = {
  live: "Shown on the site",
  sold: "Shown as sold",
  hidden: "Not shown",
} as const;

export function ListingPageSection({ data }: { data: ListingPageData }) {
  const action = useActionData<ListingActionData>();
  const values = action?.listingForm?.values ?? data.values;
  const flags = action?.listingForm?.flags ?? [];
  const field = (name: string, label: string, props: { type?: string; inputMode?: "numeric" | "decimal" } = {}) => (
    <div>
      <label htmlFor={`listing-${name}`} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={`listing-${name}`}
        name={name}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        defaultValue={values[name] ?? ""}
        className={inputClass}
      />
    </div>
  );
  return (
    <PageSection id="listing-page" title="Listing page">
      <p className="mt-2 text-sm" data-testid="listing-state">
        <strong>{STATE_WORDS[data.state]}</strong>
        {": "}
        {data.state === "hidden" ? (
          <span>{data.url}</span>
        ) : (
          <a href={data.url} className="break-all text-brand-700 underline">
            {data.url}
          </a>
        )}
      </p>
      {data.notLive ? (
        <p className="mt-1 text-sm font-semibold text-slate-800" data-testid="listing-not-live">
          {data.notLive}.
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-700">
        {data.sellerYes ? "The seller said yes." : "Waiting for the seller's yes in their portal."}{" "}
        {data.mlsEnteredOn ? `MLS date: ${data.mlsEnteredOn}.` : "Enter the MLS date once it is listed there."}
      </p>
      {data.waiting ? (
        <div className="mt-2 rounded-md bg-amber-50 p-3 text-sm" data-testid="fair-housing-waiting">
          <p className="font-semibold text-amber-900">
            A new description waits for the broker&apos;s approval; the earlier one stays shown.
          </p>
          <p className="mt-1 whitespace-pre-line">{data.waiting.text}</p>
          <p className="mt-1 text-slate-700">The reason given: {data.waiting.reason}</p>
        </div>
      ) : data.returned ? (
        <p className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-900" data-testid="fair-housing-returned">
          The broker returned the last description: {data.returned}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-700" data-testid="listing-stats">
        {countOf(data.stats.viewsWeek, "view")} this week, {data.stats.viewsTotal.toLocaleString("en-US")} in all;{" "}
        {countOf(data.stats.inquiries, "inquiry", "inquiries")}, {countOf(data.stats.showings, "showing")},{" "}
        {doorWords(data.stats)}.
      </p>
      <Form method="post" preventScrollReset className="mt-4 grid gap-3 sm:grid-cols-4">
        {field("mlsEnteredOn", "MLS date", { type: "date" })}
        {field("price", "Price ($)", { inputMode: "numeric" })}
        {field("beds", "Bedrooms", { inputMode: "numeric" })}
        {field("baths", "Bathrooms", { inputMode: "decimal" })}
        {field("squareFeet", "Square feet", { inputMode: "numeric" })}
        {field("lotSquareFeet", "Lot (sq ft)", { inputMode: "numeric" })}
        {field("yearBuilt", "Year built", { inputMode: "numeric" })}
        <div>
          <label htmlFor="listing-propertyType" className="block text-sm font-semibold">
            Kind of home
          </label>
          <select
            id="listing-propertyType"
            name="propertyType"
            defaultValue={values.propertyType || "SingleFamilyResidence"}
            className={inputClass}
          >
            {Object.entries(PROPERTY_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {data.mayMarkOlderPersons ? (
          <div className="sm:col-span-2">
            <label htmlFor="listing-olderPersons" className="block text-sm font-semibold">
              Housing for older persons (HOPA)
            </label>
            <select
              id="listing-olderPersons"
              name="olderPersons"
              defaultValue={values.olderPersons ?? data.olderPersons}
              className={inputClass}
            >
              <option value="false">No</option>
              <option value="true">Yes: 55 or 62 and over (age words allowed)</option>
            </select>
          </div>
        ) : null}
        <div className="sm:col-span-4">
          <label htmlFor="listing-description" className="block text-sm font-semibold">
            Description
          </label>
          <textarea
            id="listing-description"
            name="description"
            rows={6}
            defaultValue={values.description ?? ""}
            className={inputClass}
            aria-describedby={flags.length ? "listing-flags" : undefined}
          />
        </div>
        {flags.length ? (
          <div className="sm:col-span-4" id="listing-flags" role="alert" data-testid="fair-housing-flags">
            <p className="text-sm font-semibold text-red-800">
              Fair housing: describe the property, not the people. These phrases were found:
            </p>
            <ul className="mt-1 list-disc pl-5 text-sm text-red-800">
              {flags.map((f) => (
                <li key={f.phrase}>
                  &ldquo;{f.phrase}&rdquo; {f.reason}
                </li>
              ))}
            </ul>
            <label htmlFor="listing-fairHousingReason" className="mt-2 block text-sm font-semibold">
              Reason to keep these words (the broker approves it; audited)
            </label>
            <input
              id="listing-fairHousingReason"
              name="fairHousingReason"
              defaultValue={values.fairHousingReason ?? ""}
              className={inputClass}
            />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2 sm:col-span-4">
          <SubmitButton intent={listingPageIntents.save} pendingLabel="Saving...">
            Save the listing page
          </SubmitButton>
        </div>
      </Form>
      <OpenHousesBlock data={data} />
      {data.sellerYes ? (
        <Form method="post" preventScrollReset className="mt-2">
          <SubmitButton intent={listingPageIntents.takeDown} pendingLabel="Taking down..." className={buttonOutline}>
            Take the page down
          </SubmitButton>
        </Form>
      ) : null}
    </PageSection>
  );
}

/**
 * The sale's open houses, soonest first: each with its visitors counted (staff also see the door's sign-in link and
 * the names; the seller, in the portal, counts only), "Cancelled" in words once cancelled, a cancellation confirmed
 * first (a link that asks, `?cancelOpenHouse=ID`: without JavaScript too), and the form to schedule one, empty again
 * after each success (a new form for each open house scheduled).
 */
export function OpenHousesBlock({ data }: { data: Pick<ListingPageData, "openHouses" | "hosts"> }) {
  const [params] = useSearchParams();
  const confirming = Number(params.get("cancelOpenHouse")) || null;
  const scheduled = data.openHouses.filter((o) => !o.cancelled).length;
  return (
    <div className="mt-6 border-t border-slate-200 pt-4" data-testid="open-houses">
      <h3 className="text-base font-semibold">Open houses</h3>
      {data.openHouses.length === 0 ? <p className="mt-1 text-sm text-slate-700">None scheduled.</p> : null}
      <ul className="mt-2 space-y-2 text-sm">
        {data.openHouses.map((o) => (
          <li key={o.id} className={o.cancelled ? "text-slate-600" : ""} data-testid="open-house">
            <span className="font-semibold">
              {formatSlot(o.start)} to {formatSlot(o.end).split(", ").pop()}
            </span>
            {o.cancelled ? (
              <span className="ml-1 font-semibold text-red-800"> · Cancelled</span>
            ) : (
              <>
                , hosted by {o.host}: {countOf(o.visitors, "visitor")} ({o.withAgent} with an agent,{" "}
                {o.visitors - o.withAgent} without)
              </>
            )}
            {o.signInPath && !o.cancelled ? (
              <>
                {" · "}
                <a href={o.signInPath} className="text-brand-700 underline">
                  Sign-in at the door
                </a>
              </>
            ) : null}
            {o.names.length ? (
              <span className="block text-slate-700">
                {o.names.map((n) => `${n.name}${n.hasAgent ? ` (agent: ${n.agentName ?? "named"})` : ""}`).join(", ")}
              </span>
            ) : null}
            {!o.cancelled && confirming === o.id ? (
              <Form
                method="post"
                preventScrollReset
                className="mt-1 flex flex-wrap items-center gap-3"
                data-testid="confirm-cancel"
              >
                <input type="hidden" name="openHouseId" value={o.id} />
                <span className="font-semibold">
                  Cancel this open house? Visitors who planned to come are not told.
                </span>
                <SubmitButton
                  intent={listingPageIntents.cancelOpenHouse}
                  pendingLabel="Cancelling..."
                  className={`${buttonOutline} text-red-800`}
                >
                  Yes, cancel it
                </SubmitButton>
                <Link to="?#listing-page" preventScrollReset className="font-semibold text-brand-700 underline">
                  Keep it
                </Link>
              </Form>
            ) : !o.cancelled ? (
              <Link
                to={`?cancelOpenHouse=${o.id}#listing-page`}
                preventScrollReset
                className="ml-2 text-sm font-semibold text-red-700 underline"
              >
                Cancel
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      <Form key={scheduled} method="post" preventScrollReset className="mt-3 grid gap-3 sm:grid-cols-4">
        <div>
          <label htmlFor="open-house-start" className="block text-sm font-semibold">
            Starts (San Diego time)
          </label>
          <input id="open-house-start" name="start" type="datetime-local" className={inputClass} />
        </div>
        <div>
          <label htmlFor="open-house-end" className="block text-sm font-semibold">
            Ends at
          </label>
          <input id="open-house-end" name="endTime" type="time" className={inputClass} />
        </div>
        <div>
          <label htmlFor="open-house-host" className="block text-sm font-semibold">
            Host
          </label>
          <select id="open-house-host" name="hostId" className={inputClass}>
            {data.hosts.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <SubmitButton intent={listingPageIntents.addOpenHouse} pendingLabel="Scheduling..." className={buttonOutline}>
            Schedule the open house
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
