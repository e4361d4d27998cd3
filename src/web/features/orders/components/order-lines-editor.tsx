import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useFormContext, useFormState, useWatch } from "react-hook-form";
import { serviceUnits } from "@domain/catalogue";
import { formatEuro } from "@domain/format";
import { DEFAULT_ORDER_UNIT, MAX_ORDER_ITEMS, previewOrderTotals, type OrderInput } from "@domain/orders";
import { SelectField, TextareaField, TextField } from "@web/components/form";
import { Button } from "@web/components/ui/button";

export const emptyLine = { description: "", quantity: "1", unit: DEFAULT_ORDER_UNIT, unitPrice: "", notes: "" };

/** Unit choices: the catalogue's units, plus whatever a stored line already uses. */
function unitOptions(current: string | null | undefined) {
  const units: string[] = [...serviceUnits];
  if (current && !units.includes(current)) units.push(current);
  return units.map((u) => ({ value: u, label: u }));
}

/**
 * The item lines (useFieldArray). Line totals and the order total are a live preview computed
 * with the domain's exact arithmetic; the saved order shows the server's figures.
 */
export function OrderLinesEditor() {
  const { control } = useFormContext<OrderInput>();
  const { fields, append, remove } = useFieldArray({ control, name: "items" });
  const items = useWatch({ control, name: "items" }) ?? [];
  const { errors } = useFormState({ control, name: "items" });
  const preview = previewOrderTotals(items);
  const listError = errors.items?.message ?? errors.items?.root?.message;

  return (
    <fieldset className="min-w-0 border-0 p-0">
      <legend className="text-base font-semibold">Articoli</legend>
      <p className="mt-1 text-sm text-muted-foreground">Prezzi IVA esclusa. Il totale di riga è quantità × prezzo unitario.</p>
      <ol className="mt-4 grid gap-4">
        {fields.map((field, index) => (
          <li key={field.id} className="rounded-md border border-border p-3 sm:p-4" aria-label={`Articolo ${index + 1}`}>
            <div className="mb-3 flex items-center justify-between gap-2">
              <span className="text-sm font-medium">Articolo {index + 1}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Rimuovi articolo ${index + 1}`}
                disabled={fields.length === 1}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden className="size-4 text-destructive" />
              </Button>
            </div>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <TextField name={`items.${index}.description`} label="Descrizione" required className="col-span-2 sm:col-span-4" />
              <TextField name={`items.${index}.quantity`} label="Quantità" type="number" required />
              <SelectField name={`items.${index}.unit`} label="Unità" options={unitOptions(items[index]?.unit)} />
              <TextField name={`items.${index}.unitPrice`} label="Prezzo Unit. (€)" type="number" required placeholder="0,00" />
              <div className="grid content-start gap-1.5">
                <span className="text-sm font-medium" id={`line-total-${field.id}`}>
                  Totale
                </span>
                <output aria-labelledby={`line-total-${field.id}`} className="flex h-10 items-center font-medium tabular-nums">
                  {formatEuro(preview.lines[index])}
                </output>
              </div>
              <TextareaField name={`items.${index}.notes`} label="Note articolo" rows={1} className="col-span-2 sm:col-span-4" />
            </div>
          </li>
        ))}
      </ol>
      {listError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive">
          {listError}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <Button variant="outline" onClick={() => append({ ...emptyLine })} disabled={fields.length >= MAX_ORDER_ITEMS}>
          <Plus aria-hidden className="size-4" />
          Aggiungi articolo
        </Button>
        <p className="text-lg font-semibold">
          Totale ordine: <output className="tabular-nums">{formatEuro(preview.total)}</output>
        </p>
      </div>
    </fieldset>
  );
}
