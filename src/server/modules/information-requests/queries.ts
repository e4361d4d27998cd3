import { and, eq } from "drizzle-orm";
import type { OfficeInformationRequestListParams } from "@domain/portal";
import type { Queryable } from "../../db/client";
import { clients, informationRequests } from "../../db/schema";
import { cursorSql, type Keyset } from "../../lib/list";
import { informationRequestView, informationRequestWhere } from "../portal/lists";

const officeColumns = {
  ...informationRequestView,
  client: { id: clients.id, name: clients.name },
  repliedByName: informationRequests.repliedByName,
  version: informationRequests.version,
};

type OfficeListParams = OfficeInformationRequestListParams & { limit: number; offset: number };

export async function listOffice(db: Queryable, params: OfficeListParams, ks: Keyset) {
  const rows = await db
    .select({ ...officeColumns, cursor: cursorSql(ks.keys) })
    .from(informationRequests)
    .innerJoin(clients, eq(clients.id, informationRequests.clientId))
    .where(and(informationRequestWhere(null, params), ks.where))
    .orderBy(...ks.pageOrder)
    .limit(params.limit)
    .offset(ks.offset);
  // Read backwards from a `before` cursor: put the page back in the list's order.
  return ks.backwards ? rows.reverse() : rows;
}

export async function getOffice(db: Queryable, id: string) {
  const [row] = await db
    .select(officeColumns)
    .from(informationRequests)
    .innerJoin(clients, eq(clients.id, informationRequests.clientId))
    .where(eq(informationRequests.id, id));
  return row ?? null;
}
