import { card } from "~/components/card";

/** A panel of the dashboard. */
export const panel = `${card} p-5 shadow-sm`;
