import { openDatabase, type Db } from "~/db/client.server";

/** A fresh in-memory database with every migration applied. */
export function freshDb(): Db {
  return openDatabase(":memory:");
}
