import type { FieldValues, Path } from "react-hook-form";
import { Input, type InputProps } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { FieldDescription, FieldErrorMessage, FieldShell, type BaseFieldProps } from "./field-parts";
import { useField } from "./use-field";

export type TextFieldType = "text" | "email" | "tel" | "url" | "password" | "date" | "time" | "number";

export type TextFieldProps<T extends FieldValues = FieldValues> = BaseFieldProps<Path<T>> &
  Omit<InputProps, "name" | "type" | "id" | "disabled" | "required" | "className"> & {
    type?: TextFieldType;
    inputClassName?: string;
  };

/** Da "12,50" a "12.50": gli importi restano stringhe con il punto decimale. */
function normalizeDecimal(value: unknown) {
  return typeof value === "string" ? value.trim().replace(",", ".") : value;
}

/**
 * Campo di testo. Con type="number" rende un input testuale con tastiera decimale e
 * il valore resta una STRINGA (la virgola viene convertita in punto).
 */
export function TextField<T extends FieldValues = FieldValues>({
  name,
  label,
  description,
  required,
  disabled,
  className,
  inputClassName,
  type = "text",
  ...inputProps
}: TextFieldProps<T>) {
  const { register, ids, error, controlProps } = useField<T>(name, Boolean(description), required);
  const isNumber = type === "number";
  return (
    <FieldShell className={className}>
      <Label htmlFor={ids.control} required={required}>
        {label}
      </Label>
      <Input
        type={isNumber ? "text" : type}
        inputMode={isNumber ? "decimal" : undefined}
        className={inputClassName}
        {...inputProps}
        {...controlProps}
        {...register(name, {
          disabled,
          ...(isNumber ? { setValueAs: normalizeDecimal } : {}),
        })}
      />
      {description ? <FieldDescription id={ids.description}>{description}</FieldDescription> : null}
      <FieldErrorMessage id={ids.error} message={error?.message} />
    </FieldShell>
  );
}
