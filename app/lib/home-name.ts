/**
 * What a transaction's home is called where its address is not known yet (a purchase begun with the area
 * searched): "your home search" for a client, "Home search: North Park, under $900,000" for staff, until
 * an accepted offer gives the address (app/models/offer-moves.server.ts). One rule for pages, titles and e-mails.
 */
type Home = { propertyAddress: string | null; type: "buying" | "selling"; searchArea?: string | null };

/** The client's words for their home: its address, else "your home search" (a purchase) or "your home". */
export const homeOf = (t: Home) => t.propertyAddress || (t.type === "buying" ? "your home search" : "your home");

/** Staff's name for a transaction's home: its address, else the area searched, else the transaction's number. */
export const homeTitle = (t: Home & { id: number }) =>
  t.propertyAddress || (t.searchArea ? `Home search: ${t.searchArea}` : `Transaction ${t.id}`);
