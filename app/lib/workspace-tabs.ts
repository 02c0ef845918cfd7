/**
 * The tabs of a transaction's workspace (docs/workspace.md): each part of the deal at its own address under
 * /admin/transactions/{id}, and where the workspace's old anchors (`#offers`, used in e-mails written before the
 * tabs) and its parts' query parameters (`?offer=12`) now live.
 */
import { privatePageMeta } from "~/lib/seo";

export const TABS = [
  { key: "overview", label: "Overview", path: "", anchors: [], params: [] },
  {
    key: "offers",
    label: "Offers",
    path: "/offers",
    anchors: ["offers", "offer"],
    params: ["offer", "offerSort", "offerDir", "listing"],
  },
  { key: "agreements", label: "Agreements", path: "/agreements", anchors: ["agreements"], params: ["agreementFrom"] },
  // A sale has showings, a purchase tours: the tab is named for the one it holds (`tabLabel`).
  {
    key: "showings",
    label: "Showings",
    path: "/showings",
    anchors: ["showings", "tours"],
    params: ["showingsBefore"],
  },
  {
    key: "documents",
    label: "Documents",
    path: "/documents",
    anchors: ["documents", "file-review"],
    params: ["documents"],
  },
  { key: "messages", label: "Messages", path: "/messages", anchors: ["messages"], params: ["before"] },
  { key: "money", label: "Money", path: "/money", anchors: ["estimates", "commission"], params: ["estimate"] },
  {
    key: "listing",
    label: "Listing",
    path: "/listing",
    anchors: ["listing-page", "listing-photos", "open-houses"],
    params: ["cancelOpenHouse"],
    saleOnly: true,
  },
  { key: "contract", label: "Contract dates", path: "/contract", anchors: ["contract"], params: [] },
  { key: "history", label: "History", path: "/history", anchors: [], params: [] },
] as const satisfies ReadonlyArray<{
  key: string;
  label: string;
  path: string;
  anchors: readonly string[];
  params: readonly string[];
  saleOnly?: boolean;
}>;

export type TabKey = (typeof TABS)[number]["key"];

/** A tab's name on a sale or a purchase: "Showings" on a sale is "Tours" on a purchase. */
export const tabLabel = (tab: (typeof TABS)[number], selling: boolean) =>
  tab.key === "showings" && !selling ? "Tours" : tab.label;

/** A tab's address: `tabPath(5, "offers")` is `/admin/transactions/5/offers`. */
export function tabPath(transactionId: number, key: TabKey): string {
  return `/admin/transactions/${transactionId}${TABS.find((tab) => tab.key === key)!.path}`;
}

/** The tab an old anchor of the workspace is now on (`#offers` → offers); null for the overview's own. */
export function tabOfAnchor(hash: string): TabKey | null {
  const anchor = hash.replace(/^#/, "");
  return TABS.find((tab) => (tab.anchors as readonly string[]).includes(anchor))?.key ?? null;
}

/** The tab whose query parameters an address to the overview carries (`?offer=12` → offers); null for none. */
export function tabOfQuery(search: URLSearchParams): TabKey | null {
  return TABS.find((tab) => (tab.params as readonly string[]).some((name) => search.has(name)))?.key ?? null;
}

/** A tab's title, "Offers: 1 Main St", from the workspace's own data (the layout route's). */
export function workspaceMeta(matches: ReadonlyArray<{ id: string; data: unknown }>, part: string) {
  const layout = matches.find((m) => m.id === "routes/admin.transactions.$id")?.data as { title?: string } | undefined;
  return privatePageMeta(layout?.title ? `${part}: ${layout.title}` : part);
}
