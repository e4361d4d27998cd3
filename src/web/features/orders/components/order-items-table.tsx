import { formatDecimal, formatEuro } from "@domain/format";
import type { OrderItem } from "@domain/orders";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table";

/** Descrizione / Quantità / Prezzo Unit. / Totale, with the order total underneath. */
export function OrderItemsTable({ items, total }: { items: OrderItem[]; total: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">Nessun articolo</p>;
  return (
    <Table aria-label="Articoli dell'ordine" scrollLabel="Articoli dell'ordine">
      <TableHeader>
        <TableRow>
          <TableHead>Descrizione</TableHead>
          <TableHead className="text-right">Quantità</TableHead>
          <TableHead className="text-right">Prezzo Unit.</TableHead>
          <TableHead className="text-right">Totale</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id}>
            <TableCell className="min-w-40">
              {item.description}
              {item.notes ? <div className="text-xs text-muted-foreground">{item.notes}</div> : null}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatDecimal(item.quantity)} {item.unit}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{formatEuro(item.unitPrice)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{formatEuro(item.totalPrice)}</TableCell>
          </TableRow>
        ))}
        <TableRow className="hover:bg-transparent">
          <TableCell colSpan={3} className="text-right font-semibold">
            Totale ordine
          </TableCell>
          <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">{formatEuro(total)}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
