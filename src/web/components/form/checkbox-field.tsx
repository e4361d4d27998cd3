import type { FieldValues, Path } from "react-hook-form";
import { Checkbox, type CheckboxProps } from "@web/components/ui/checkbox";
import { Label } from "@web/components/ui/label";
import { FieldDescription, FieldErrorMessage, FieldShell, type BaseFieldProps } from "./field-parts";
import { useField } from "./use-field";

export type CheckboxFieldProps<T extends FieldValues = FieldValues> = BaseFieldProps<Path<T>> &
  Omit<CheckboxProps, "name" | "id" | "disabled" | "required" | "className">;

/** Checkbox singola: il valore nel form è un booleano. */
export function CheckboxField<T extends FieldValues = FieldValues>({
  name,
  label,
  description,
  required,
  disabled,
  className,
  ...checkboxProps
}: CheckboxFieldProps<T>) {
  const { register, ids, error, controlProps } = useField<T>(name, Boolean(description), required);
  return (
    <FieldShell className={className}>
      <div className="flex min-h-10 items-center gap-2.5">
        <Checkbox {...checkboxProps} {...controlProps} {...register(name, { disabled })} />
        <Label htmlFor={ids.control} required={required} className="py-1">
          {label}
        </Label>
      </div>
      {description ? <FieldDescription id={ids.description}>{description}</FieldDescription> : null}
      <FieldErrorMessage id={ids.error} message={error?.message} />
    </FieldShell>
  );
}
