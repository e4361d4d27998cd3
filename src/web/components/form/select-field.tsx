import type { FieldValues, Path } from "react-hook-form";
import { Label } from "@web/components/ui/label";
import { Select, type SelectProps } from "@web/components/ui/select";
import { FieldDescription, FieldErrorMessage, FieldShell, type BaseFieldProps } from "./field-parts";
import { useField } from "./use-field";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps<T extends FieldValues = FieldValues> = BaseFieldProps<Path<T>> &
  Omit<SelectProps, "name" | "id" | "disabled" | "required" | "className" | "children"> & {
    options: readonly SelectOption[];
    /** Prima opzione con valore "" (es. "Seleziona..."). */
    placeholder?: string;
    selectClassName?: string;
  };

export function SelectField<T extends FieldValues = FieldValues>({
  name,
  label,
  description,
  required,
  disabled,
  className,
  selectClassName,
  options,
  placeholder,
  ...selectProps
}: SelectFieldProps<T>) {
  const { register, ids, error, controlProps } = useField<T>(name, Boolean(description), required);
  return (
    <FieldShell className={className}>
      <Label htmlFor={ids.control} required={required}>
        {label}
      </Label>
      <Select className={selectClassName} {...selectProps} {...controlProps} {...register(name, { disabled })}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </Select>
      {description ? <FieldDescription id={ids.description}>{description}</FieldDescription> : null}
      <FieldErrorMessage id={ids.error} message={error?.message} />
    </FieldShell>
  );
}
