import type { ReactNode } from "react";
import { useController, type FieldValues, type Path } from "react-hook-form";
import { FieldDescription, FieldErrorMessage, FieldShell, useField } from "@web/components/form";
import { Label } from "@web/components/ui/label";
import { AsyncCombobox, type AsyncComboboxProps, type ComboboxOption } from "./async-combobox";

export type ComboboxFieldProps<T, F extends FieldValues = FieldValues> = Omit<
  AsyncComboboxProps<T>,
  "id" | "value" | "onChange" | "onBlur" | "inputRef"
> & {
  name: Path<F>;
  label: ReactNode;
  description?: ReactNode;
  required?: boolean;
  className?: string;
  /** Called with the chosen record (null when cleared), besides setting the form's value. */
  onSelect?: (option: ComboboxOption<T> | null) => void;
};

/** A form field holding a record's id, chosen by searching the server (AsyncCombobox). */
export function ComboboxField<T, F extends FieldValues = FieldValues>({
  name,
  label,
  description,
  required,
  className,
  onSelect,
  ...combobox
}: ComboboxFieldProps<T, F>) {
  const { field } = useController<F>({ name });
  const { ids, error, controlProps } = useField<F>(name, Boolean(description), required);
  return (
    <FieldShell className={className}>
      <Label htmlFor={ids.control} required={required}>
        {label}
      </Label>
      <AsyncCombobox<T>
        {...combobox}
        id={ids.control}
        value={(field.value as string | null | undefined) ?? ""}
        inputRef={field.ref}
        onBlur={field.onBlur}
        onChange={(id, option) => {
          field.onChange(id);
          onSelect?.(option);
        }}
        aria-invalid={controlProps["aria-invalid"]}
        aria-describedby={controlProps["aria-describedby"]}
        aria-required={controlProps["aria-required"]}
      />
      {description ? <FieldDescription id={ids.description}>{description}</FieldDescription> : null}
      <FieldErrorMessage id={ids.error} message={error?.message} />
    </FieldShell>
  );
}
