import { formatDecimal, formatEuro, formatUnitPrice } from "@domain/format";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table";

export interface DocumentLineView {
  description: string;
  quantity: string;
  unit: string | null;
  unitPrice: string;
  vatRate: string;
  natura: string | null;
  significantGood: boolean;
  lineTotal: string;
}

/**
 * The lines of an invoice as the office and the client read them (docs/domain/invoices.md): quantity ×
 * unit price, the line's VAT (rate or natura, beni significativi marked) and its exact total.
 * On a phone quantity and price go under the description.
 */
export function DocumentLines({ lines, label }: { lines: DocumentLineView[]; label: string }) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Descrizione</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Quantità</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Prezzo unit.</TableHead>
          <TableHead className="text-right">IVA</TableHead>
          <TableHead className="text-right">Totale</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((l, i) => (
          <TableRow key={i}>
            <TableCell className="min-w-0 whitespace-normal">
              {l.description}
              <span className="block text-xs text-muted-foreground sm:hidden">
                {formatDecimal(l.quantity, 3)} {l.unit ?? ""} × {formatUnitPrice(l.unitPrice)}
              </span>
            </TableCell>
            <TableCell className="hidden text-right whitespace-nowrap sm:table-cell">
              {formatDecimal(l.quantity, 3)} {l.unit ?? ""}
            </TableCell>
            <TableCell className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
              {formatUnitPrice(l.unitPrice)}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">
              {l.natura ?? `${l.vatRate}%`}
              {l.significantGood ? (
                <span className="block text-xs text-muted-foreground">bene significativo</span>
              ) : null}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{formatEuro(l.lineTotal)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
