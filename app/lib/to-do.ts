/**
 * The portal's "To do": what waits for the client, first, each linking to where they do it: a
 * signature, an answer to an offer, a showing request of their listing. Pure: the portal's loader gives it what
 * the page's sections already read.
 */
import type { Party } from "~/domain/enums";

export type ToDo = { label: string; href: string };

export function clientToDo(input: {
  agreements: Array<{ title: string; state: string; sign: string }>;
  /** The client's side of the transaction ("seller" on a sale), its open offers shared with them. */
  side: Party | null;
  offers: Array<{
    id: number;
    shared: boolean;
    wish: unknown;
    latest: { by: Party };
    buyerName: string | null;
    listingAddress: string | null;
  }>;
  showingRequests: Array<{ agentName: string; start: string }>;
  formatSlot: (iso: string) => string;
}): ToDo[] {
  const out: ToDo[] = [];
  for (const a of input.agreements) {
    if (a.state === "Waiting for your signature") out.push({ label: `Sign ${a.title}`, href: a.sign });
  }
  if (input.side) {
    for (const o of input.offers) {
      // An offer waits for the client when the other side made its latest round and they have not answered.
      if (!o.shared || o.wish || o.latest.by === input.side) continue;
      const what =
        input.side === "seller"
          ? `the offer from ${o.buyerName ?? "a buyer"}`
          : `the counter on ${o.listingAddress ?? "your offer"}`;
      out.push({ label: `Answer ${what}`, href: `?offer=${o.id}#offers` });
    }
  }
  for (const s of input.showingRequests) {
    out.push({ label: `Answer ${s.agentName}'s showing request (${input.formatSlot(s.start)})`, href: "#showings" });
  }
  return out;
}
