import { formatDecimal, formatEuro } from "@domain/format";
import type { OrderItem, OrderItemTecnico } from "@domain/orders";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table";

type Props = { items: OrderItem[]; total: string } | { items: OrderItemTecnico[]; total?: undefined };

/**
 * Descrizione / Quantità / Prezzo Unit. / Totale, with the order total underneath. A technician's
 * items come without prices and total (docs/domain/roles.md): Descrizione / Quantità only, no
 * empty money columns.
 */
export function OrderItemsTable({ items, total }: Props) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">Nessun articolo</p>;
  const priced = (item: OrderItem | OrderItemTecnico): item is OrderItem => total !== undefined && "unitPrice" in item;
  return (
    <Table aria-label="Articoli dell'ordine" scrollLabel="Articoli dell'ordine">
      <TableHeader>
        <TableRow>
          <TableHead>Descrizione</TableHead>
          <TableHead className="text-right">Quantità</TableHead>
          {total !== undefined ? (
            <>
              <TableHead className="hidden text-right sm:table-cell">Prezzo Unit.</TableHead>
              <TableHead className="text-right">Totale</TableHead>
            </>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id}>
            <TableCell className="min-w-28 sm:min-w-40">
              {item.description}
              {item.notes ? <div className="text-xs text-muted-foreground">{item.notes}</div> : null}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatDecimal(item.quantity)} {item.unit}
              {/* Phones drop the unit price column: the price rides under the quantity. */}
              {priced(item) ? <div className="text-xs text-muted-foreground sm:hidden">× {formatEuro(item.unitPrice)}</div> : null}
            </TableCell>
            {priced(item) ? (
              <>
                <TableCell className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">{formatEuro(item.unitPrice)}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatEuro(item.totalPrice)}</TableCell>
              </>
            ) : null}
          </TableRow>
        ))}
        {total !== undefined ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={2} className="text-right font-semibold sm:hidden">
              Totale ordine
            </TableCell>
            <TableCell colSpan={3} className="hidden text-right font-semibold sm:table-cell">
              Totale ordine
            </TableCell>
            <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">{formatEuro(total)}</TableCell>
          </TableRow>
        ) : null}
      </TableBody>
    </Table>
  );
}
