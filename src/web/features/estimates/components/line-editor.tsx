import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { useFieldArray, useFormContext, useWatch, type FieldError } from "react-hook-form";
import { serviceUnits } from "@domain/catalogue";
import {
  DEFAULT_ESTIMATE_UNIT,
  MAX_ESTIMATE_ITEMS,
  previewLineTotal,
  serviceLineDescription,
  type EstimateInput,
} from "@domain/estimates";
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

type Item = NonNullable<EstimateInput["items"]>[number];
export const emptyLine = (vatRate: LineVatRate): Item => ({
  serviceId: "",
  description: "",
  quantity: "1",
  unitPrice: "0",
  unit: DEFAULT_ESTIMATE_UNIT,
  notes: "",
  vatRate,
  natura: null,
  significantGood: false,
});

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
  index,
  services,
  onRemove,
  split,
}: {
  index: number;
  services: Service[];
  onRemove: () => void;
  split: string | null;
}) {
  const { register, setValue, getFieldState, formState, control } = useFormContext<EstimateInput>();
  const line = useWatch({ control, name: `items.${index}` });
  const base = useId();
  const n = index + 1;
  const path = (field: keyof Item) => `items.${index}.${field}` as const;
  const errorOf = (field: keyof Item) => getFieldState(path(field), formState).error;
  const control_ = (field: keyof Item) => {
    const error = errorOf(field);
    return {
      id: `${base}-${field}`,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${base}-${field}-error` : undefined,
    };
  };
  const unit = line?.unit ?? DEFAULT_ESTIMATE_UNIT;
  const units = (serviceUnits as readonly string[]).includes(unit) || !unit ? serviceUnits : [...serviceUnits, unit];

  function chooseService(serviceId: string) {
    const service = services.find((s) => s.id === serviceId);
    if (!service) return;
    const opts = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue(path("description"), serviceLineDescription(service), opts);
    setValue(path("unitPrice"), service.unitPrice, opts);
    setValue(path("unit"), service.unit, opts);
  }

  return (
    <li className="rounded-md border border-border p-3" aria-label={`Voce ${n}`}>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-12">
        <div className="col-span-2 grid gap-1 sm:col-span-4">
          <Label htmlFor={`${base}-serviceId`}>Servizio dal catalogo</Label>
          <Select
            {...control_("serviceId")}
            {...register(path("serviceId"), { onChange: (e) => chooseService(e.target.value) })}
          >
            <option value="">Voce personalizzata</option>
            {line?.serviceId && !services.some((s) => s.id === line.serviceId) ? (
              <option value={line.serviceId}>Servizio non più attivo</option>
            ) : null}
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({formatEuro(s.unitPrice)}/{s.unit})
              </option>
            ))}
          </Select>
          <FieldError id={`${base}-serviceId-error`} error={errorOf("serviceId")} />
        </div>
        <div className="col-span-2 grid gap-1 sm:col-span-8">
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
        <div className="col-span-2 grid gap-1 sm:col-span-4">
          <Label htmlFor={`${base}-notes`}>Note</Label>
          <Input {...control_("notes")} {...register(path("notes"))} />
        </div>
        <div className="col-span-2 flex items-end justify-end sm:col-span-1 sm:col-start-12">
          <Button type="button" variant="ghost" size="icon" aria-label={`Rimuovi voce ${n}`} onClick={onRemove}>
            <Trash2 aria-hidden className="size-4 text-destructive" />
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The estimate's lines on useFieldArray: add, remove, live line totals. */
export function LineEditor({
  services,
  newRate,
  vat,
  className,
}: {
  services: Service[];
  /** The rate a new line starts with (client type and the company's default). */
  newRate: LineVatRate;
  /** The live engine result: the beni-significativi split shown under the flagged lines. */
  vat: VatResult | null;
  className?: string;
}) {
  const { control, getFieldState, formState } = useFormContext<EstimateInput>();
  const split = vat ? significantSplitText(vat, formatEuro) : null;
  const { fields, append, remove } = useFieldArray({ control, name: "items" });
  const listError = getFieldState("items", formState).error;
  return (
    <fieldset className={cn("min-w-0 border-0 p-0", className)}>
      <legend className="text-base font-semibold">Voci del preventivo</legend>
      <p className="mt-1 text-sm text-muted-foreground">
        Scegli un servizio dal catalogo oppure scrivi una voce personalizzata. Ogni voce ha la sua aliquota IVA (nuove
        voci: {newRate}%).
      </p>
      {split ? (
        <p className="mt-1 text-sm font-medium" aria-live="polite">
          {split}
        </p>
      ) : null}
      {fields.length === 0 ? <p className="mt-3 text-sm text-muted-foreground">Nessuna voce: aggiungine una.</p> : null}
      <ol className="mt-3 grid gap-3">
        {fields.map((field, index) => (
          <LineRow key={field.id} index={index} services={services} split={split} onRemove={() => remove(index)} />
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
        disabled={fields.length >= MAX_ESTIMATE_ITEMS}
        onClick={() => append(emptyLine(newRate))}
      >
        <Plus aria-hidden className="size-4" />
        Aggiungi voce
      </Button>
    </fieldset>
  );
}
