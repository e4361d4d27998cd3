import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { useFieldArray, useFormContext, useWatch, type FieldError, type FieldValues } from "react-hook-form";
import { serviceUnits } from "@domain/catalogue";
import { previewLineTotal, serviceLineDescription } from "@domain/estimates";
import { formatEuro } from "@domain/format";
import type { Service } from "@domain/services";
import {
  lineVatRates,
  naturaCodes,
  significantSplitText,
  summaryLabel,
  type LineVatRate,
  type VatResult,
} from "@domain/vat";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { cn } from "@web/lib/cn";
import { ServicePicker } from "@web/components/pickers/service-picker";

/**
 * One line as the editor holds it: the shared document line (src/domain/lines.ts), plus an
 * estimate's catalogue service and notes. The estimate's items and a libera invoice's lines.
 */
export interface EditorLine {
  serviceId?: string | null;
  description?: string | null;
  quantity?: string | number;
  unitPrice?: string | number;
  unit?: string | null;
  notes?: string | null;
  vatRate?: LineVatRate | null;
  natura?: string | null;
  significantGood?: boolean;
}
type LineField = keyof EditorLine;

/** A new line: one unit at zero, the rate of new lines, the document's default unit. */
export const emptyLine = (vatRate: LineVatRate, unit: string, withCatalogue = true): EditorLine => ({
  ...(withCatalogue ? { serviceId: "", notes: "" } : {}),
  description: "",
  quantity: "1",
  unitPrice: "0",
  unit,
  vatRate,
  natura: null,
  significantGood: false,
});

/** What the editor says of the document's lines: an estimate's "voci", an invoice's "righe". */
export interface LineEditorWording {
  legend: string;
  intro: string;
  /** "Voce" → "Voce 1", "Rimuovi voce 1". */
  item: string;
  /** "voci": "nuove voci: 22%". */
  items: string;
  add: string;
}

/** The significant goods of DM 29/12/1999 the editor recognises in a description, to suggest the flag. */
const SIGNIFICANT_GOODS =
  /\b(finestr|infiss|serrament|lucernar|velux|caldai|ascensor|montacarich|sanitari|rubinett|condizionator|climatizzator|videocitofon|impianti? di sicurezza)/i;

function FieldError({ id, error }: { id: string; error?: FieldError }) {
  return error?.message ? (
    <p id={id} role="alert" className="text-xs font-medium text-destructive">
      {error.message}
    </p>
  ) : null;
}

function decimal(value: unknown) {
  return typeof value === "string" ? value.trim().replace(",", ".") : value;
}

/** One line: a catalogue service (fills description, price and unit) or a custom description. */
function LineRow({
  name,
  index,
  catalogue,
  onRemove,
  split,
  item,
  defaultUnit,
}: {
  name: string;
  index: number;
  /** The line may be a catalogue service, searched on the server (estimates). */
  catalogue: boolean;
  onRemove: () => void;
  split: string | null;
  item: string;
  defaultUnit: string;
}) {
  const { register, setValue, getFieldState, formState, control } = useFormContext<FieldValues>();
  const line = useWatch({ control, name: `${name}.${index}` }) as EditorLine | undefined;
  const base = useId();
  const n = index + 1;
  const path = (field: LineField) => `${name}.${index}.${field}`;
  const errorOf = (field: LineField) => getFieldState(path(field), formState).error;
  const control_ = (field: LineField) => {
    const error = errorOf(field);
    return {
      id: `${base}-${field}`,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${base}-${field}-error` : undefined,
    };
  };
  const unit = line?.unit ?? defaultUnit;
  const units = (serviceUnits as readonly string[]).includes(unit) || !unit ? serviceUnits : [...serviceUnits, unit];

  function chooseService(service: Service) {
    const opts = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue(path("description"), serviceLineDescription(service), opts);
    setValue(path("unitPrice"), service.unitPrice, opts);
    setValue(path("unit"), service.unit, opts);
  }

  return (
    <li className="rounded-md border border-border p-3" aria-label={`${item} ${n}`}>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-12">
        {catalogue ? (
          <ServicePicker name={path("serviceId")} className="col-span-2 gap-1 sm:col-span-4" onPick={chooseService} />
        ) : null}
        <div className={cn("col-span-2 grid content-start gap-1", catalogue ? "sm:col-span-8" : "sm:col-span-12")}>
          <Label htmlFor={`${base}-description`}>Descrizione</Label>
          <Input
            {...control_("description")}
            {...register(path("description"))}
            placeholder="Descrizione della lavorazione"
          />
          <FieldError id={`${base}-description-error`} error={errorOf("description")} />
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor={`${base}-quantity`}>Quantità</Label>
          <Input
            {...control_("quantity")}
            inputMode="decimal"
            {...register(path("quantity"), { setValueAs: decimal })}
          />
          <FieldError id={`${base}-quantity-error`} error={errorOf("quantity")} />
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor={`${base}-unit`}>Unità</Label>
          <Select {...control_("unit")} {...register(path("unit"))}>
            {units.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor={`${base}-unitPrice`}>Prezzo unit. (€)</Label>
          <Input
            {...control_("unitPrice")}
            inputMode="decimal"
            {...register(path("unitPrice"), { setValueAs: decimal })}
          />
          <FieldError id={`${base}-unitPrice-error`} error={errorOf("unitPrice")} />
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor={`${base}-total`}>Totale</Label>
          <output
            id={`${base}-total`}
            className="flex h-10 items-center justify-end rounded-md bg-muted px-3 text-sm font-medium tabular-nums"
          >
            {formatEuro(previewLineTotal(line ?? {}))}
          </output>
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor={`${base}-vatRate`}>Aliquota IVA</Label>
          <Select
            {...control_("vatRate")}
            {...register(path("vatRate"), {
              onChange: (e) => {
                if (e.target.value !== "0") setValue(path("natura"), null);
              },
            })}
          >
            {lineVatRates.map((r) => (
              <option key={r} value={r}>
                {r === "0" ? "0% (con natura)" : `${r}%`}
              </option>
            ))}
          </Select>
          <FieldError id={`${base}-vatRate-error`} error={errorOf("vatRate")} />
        </div>
        {line?.vatRate === "0" ? (
          <div className="grid gap-1 sm:col-span-2">
            <Label htmlFor={`${base}-natura`}>Natura IVA</Label>
            <Select {...control_("natura")} {...register(path("natura"), { setValueAs: (v) => (v ? v : null) })}>
              <option value="">Scegli la natura</option>
              {naturaCodes.map((n) => (
                <option key={n} value={n}>
                  {summaryLabel("0.00", n)}
                </option>
              ))}
            </Select>
            <FieldError id={`${base}-natura-error`} error={errorOf("natura")} />
          </div>
        ) : null}
        <div className="col-span-2 flex items-end gap-2 sm:col-span-3">
          <input
            type="checkbox"
            id={`${base}-significantGood`}
            className="mb-3 size-4"
            aria-describedby={`${base}-significantGood-hint`}
            {...register(path("significantGood"))}
          />
          <div className="grid gap-0.5 pb-2">
            <Label htmlFor={`${base}-significantGood`}>Bene significativo</Label>
            <span id={`${base}-significantGood-hint`} className="text-xs text-muted-foreground">
              {line?.significantGood && split
                ? split
                : !line?.significantGood && SIGNIFICANT_GOODS.test(line?.description ?? "") && line?.vatRate === "10"
                  ? "Sembra un bene significativo (infissi, caldaie…): segnalo"
                  : "Infissi, caldaie, sanitari… (DM 29/12/1999)"}
            </span>
          </div>
        </div>
        {catalogue ? (
          <div className="col-span-2 grid gap-1 sm:col-span-4">
            <Label htmlFor={`${base}-notes`}>Note</Label>
            <Input {...control_("notes")} {...register(path("notes"))} />
          </div>
        ) : null}
        <div className="col-span-2 flex items-end justify-end sm:col-span-1 sm:col-start-12">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Rimuovi ${item.toLowerCase()} ${n}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden className="size-4 text-destructive" />
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * A document's lines on useFieldArray: add, remove, live line totals, each line's VAT (rate or
 * natura, beni significativi with the live split). The estimate's items (with the catalogue and
 * notes) and a libera invoice's lines; the form's schema is the shared line schema either way.
 */
export function LineEditor({
  name = "items",
  catalogue = false,
  newRate,
  vat,
  defaultUnit,
  max,
  wording,
  className,
}: {
  /** The form's array of lines. */
  name?: string;
  /** A line may be a catalogue service, chosen by a server search (estimates). False: descriptions only. */
  catalogue?: boolean;
  /** The rate a new line starts with (client type and the company's default). */
  newRate: LineVatRate;
  /** The live engine result: the beni-significativi split shown under the flagged lines. */
  vat: VatResult | null;
  /** The unit of a new line. */
  defaultUnit: string;
  max: number;
  wording: LineEditorWording;
  className?: string;
}) {
  const { control, getFieldState, formState } = useFormContext<FieldValues>();
  const split = vat ? significantSplitText(vat, formatEuro) : null;
  const { fields, append, remove } = useFieldArray({ control, name });
  const listError = getFieldState(name, formState).error;
  return (
    <fieldset className={cn("min-w-0 border-0 p-0", className)}>
      <legend className="text-base font-semibold">{wording.legend}</legend>
      <p className="mt-1 text-sm text-muted-foreground">
        {wording.intro} Ogni {wording.item.toLowerCase()} ha la sua aliquota IVA (nuove {wording.items}: {newRate}%).
      </p>
      {split ? (
        <p className="mt-1 text-sm font-medium" aria-live="polite">
          {split}
        </p>
      ) : null}
      {fields.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">Nessuna {wording.item.toLowerCase()}: aggiungine una.</p>
      ) : null}
      <ol className="mt-3 grid gap-3">
        {fields.map((field, index) => (
          <LineRow
            key={field.id}
            name={name}
            index={index}
            catalogue={catalogue}
            split={split}
            item={wording.item}
            defaultUnit={defaultUnit}
            onRemove={() => remove(index)}
          />
        ))}
      </ol>
      {listError?.message ? (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive">
          {listError.message}
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        className="mt-3"
        disabled={fields.length >= max}
        onClick={() => append(emptyLine(newRate, defaultUnit, catalogue))}
      >
        <Plus aria-hidden className="size-4" />
        {wording.add}
      </Button>
    </fieldset>
  );
}
