import { Plus, ShoppingCart, X } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { formatDate, formatEuro } from "@domain/format";
import { isOrderDeletable, isOrderEditable, type Order } from "@domain/orders";
import { orderStatuses } from "@domain/statuses";
import { ExportCsvButton } from "@web/components/export-csv-button";
import { OrderStatusBadge } from "@web/components/order-status-badge";
import { ListShell, ListTable, listSorting } from "@web/components/list/list-shell";
import { FilterSelect } from "@web/components/list/list-toolbar";
import { RowActions, RowDeleteAction, RowEditAction, RowViewAction } from "@web/components/list/row-actions";
import { isInteractiveTarget } from "@web/components/list/row-click";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { useCan } from "@web/lib/use-can";
import { SortableHead, validSort } from "@web/components/list/sortable-head";
import { TableCell, TableHead, TableRow } from "@web/components/ui/table";
import { useListParams } from "@web/lib/use-list-params";
import { useOrders } from "../api/list-orders";
import { DeleteOrderDialog } from "../components/delete-order-dialog";
import { OrderDetailsDialog } from "../components/order-details-dialog";
import { paths } from "@web/lib/paths";

const SORTABLE = ["number", "title", "orderDate", "totalAmount", "status"] as const;
const FILTERS = ["q", "status", "supplierId", "constructionSiteId", "sort"] as const;

export default function OrdersPage() {
  // A technician reads orders without amounts and cannot create, edit or delete them (docs/domain/roles.md).
  const can = useCan();
  const mayWrite = can("orders.write");
  const seesMoney = can("money");
  const [, navigate] = useLocation();
  const list = useListParams(FILTERS);
  const { q, status, supplierId, constructionSiteId, sort } = list.values;
  const sorting = listSorting(list);
  const query = useOrders({
    q,
    status: (status || undefined) as Order["status"] | undefined,
    supplierId: supplierId || undefined,
    constructionSiteId: constructionSiteId || undefined,
    sort: validSort(sort, SORTABLE),
    ...list.page,
  });
  const { data } = query;
  const [viewing, setViewingId] = useState<string | null>(null);
  const setViewing = (id: string) => (seesMoney ? setViewingId(id) : navigate(paths.admin.order(id)));
  const [deleting, setDeleting] = useState<Pick<Order, "id" | "number"> | null>(null);
  const scopedTo = supplierId
    ? data?.rows[0]?.supplierName
    : constructionSiteId
      ? data?.rows[0]?.constructionSiteName
      : null;

  return (
    <>
      <ListShell
        title={data ? `Ordini (${data.capped ? "oltre " : ""}${data.total})` : "Ordini"}
        description="Ordini di materiale ai fornitori"
        actions={
          <>
            <ExportCsvButton path="/api/orders/export.csv" query={{ q, status, supplierId, constructionSiteId }} />
            {mayWrite ? (
              <Button asChild>
                <Link href={paths.admin.newOrder()}>
                  <Plus aria-hidden className="size-4" />
                  Nuovo Ordine
                </Link>
              </Button>
            ) : null}
          </>
        }
        toolbar={{
          className: "sm:items-center",
          searchLabel: "Cerca ordini",
          searchPlaceholder: "Cerca ordini...",
          query: q,
          onSearch: (value) => list.set({ q: value }),
          children: (
            <>
              <FilterSelect
                label="Filtra per stato"
                value={status}
                onValueChange={(value) => list.set({ status: value })}
                allLabel="Tutti gli stati"
                options={orderStatuses.options}
                className="sm:w-48"
              />
              {supplierId || constructionSiteId ? (
                <Badge variant="outline" className="self-start py-1 sm:self-auto">
                  {supplierId ? "Fornitore" : "Cantiere"}: {scopedTo ?? "selezionato"}
                  <button
                    type="button"
                    aria-label="Rimuovi filtro"
                    className="ms-1 rounded hover:bg-accent"
                    onClick={() => list.set({ supplierId: "", constructionSiteId: "" })}
                  >
                    <X aria-hidden />
                  </button>
                </Badge>
              ) : null}
            </>
          ),
        }}
        list={list}
        query={query}
        errorText="Impossibile caricare gli ordini. Riprova."
        filtered={list.hasFilters}
        empty={{
          icon: ShoppingCart,
          title: list.hasFilters ? "Nessun ordine trovato per la ricerca" : "Nessun ordine presente",
          invite: "Crea il primo ordine di materiale a un fornitore",
          action: mayWrite ? (
            <Button asChild>
              <Link href={paths.admin.newOrder()}>
                <Plus aria-hidden className="size-4" />
                Nuovo Ordine
              </Link>
            </Button>
          ) : undefined,
        }}
      >
        {(rows) => (
          <ListTable
            label="Elenco ordini"
            flush
            scrollLabel="Elenco ordini"
            head={
              <>
                <SortableHead column="number" className="hidden sm:table-cell" first="desc" {...sorting}>
                  Numero
                </SortableHead>
                <SortableHead column="title" {...sorting}>
                  Titolo/Fornitore
                </SortableHead>
                <TableHead className="hidden lg:table-cell">Cantiere</TableHead>
                <SortableHead column="orderDate" className="hidden md:table-cell" first="desc" {...sorting}>
                  Date
                </SortableHead>
                {seesMoney ? (
                  <SortableHead column="totalAmount" className="text-right" first="desc" {...sorting}>
                    Importo
                  </SortableHead>
                ) : null}
                <SortableHead column="status" className={seesMoney ? "hidden sm:table-cell" : undefined} {...sorting}>
                  Stato
                </SortableHead>
                <TableHead className="text-right">Azioni</TableHead>
              </>
            }
          >
            {rows.map((order) => (
              <TableRow
                key={order.id}
                className="cursor-pointer"
                onClick={(event) => !isInteractiveTarget(event.target) && setViewing(order.id)}
              >
                <TableCell className="hidden whitespace-nowrap sm:table-cell">
                  <button type="button" className="font-medium hover:underline" onClick={() => setViewing(order.id)}>
                    {order.number}
                  </button>
                </TableCell>
                <TableCell className="min-w-36">
                  {/* Phones fold the number and the status into the first columns. */}
                  <button
                    type="button"
                    className="text-sm font-medium text-primary hover:underline sm:hidden"
                    onClick={() => setViewing(order.id)}
                  >
                    {order.number}
                  </button>
                  <div className="font-medium">{order.title}</div>
                  <div className="text-sm text-muted-foreground">{order.supplierName}</div>
                </TableCell>
                <TableCell className="hidden text-sm lg:table-cell">{order.constructionSiteName ?? "—"}</TableCell>
                <TableCell className="hidden text-sm whitespace-nowrap md:table-cell">
                  <div>{formatDate(order.orderDate)}</div>
                  <div className="text-muted-foreground">
                    {order.expectedDeliveryDate
                      ? `Consegna ${formatDate(order.expectedDeliveryDate)}`
                      : "Consegna da definire"}
                  </div>
                </TableCell>
                {"totalAmount" in order ? (
                  <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
                    {formatEuro(order.totalAmount)}
                    <div className="mt-1 sm:hidden">
                      <OrderStatusBadge status={order.status} />
                    </div>
                  </TableCell>
                ) : null}
                <TableCell className={seesMoney ? "hidden sm:table-cell" : undefined}>
                  <OrderStatusBadge status={order.status} />
                </TableCell>
                <TableCell>
                  <RowActions>
                    <RowViewAction href={paths.admin.order(order.id)} label={`Visualizza ${order.number}`} />
                    {mayWrite ? (
                      <>
                        {isOrderEditable(order.status) ? (
                          <RowEditAction
                            href={paths.admin.editOrder(order.id)}
                            label={`Modifica ${order.number}`}
                            className="max-sm:hidden"
                          />
                        ) : (
                          <RowEditAction
                            label={`Modifica ${order.number} (solo ordini in bozza)`}
                            title="Solo gli ordini in bozza sono modificabili"
                            className="max-sm:hidden"
                            disabled
                          />
                        )}
                        <RowDeleteAction
                          label={`Elimina ${order.number}`}
                          onClick={() => setDeleting(order)}
                          disabled={!isOrderDeletable(order.status)}
                          title={
                            isOrderDeletable(order.status) ? undefined : "Un ordine inviato si annulla, non si elimina"
                          }
                          className="max-sm:hidden"
                        />
                      </>
                    ) : null}
                  </RowActions>
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </ListShell>

      <OrderDetailsDialog orderId={viewing} onOpenChange={(open) => !open && setViewingId(null)} />
      <DeleteOrderDialog order={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
