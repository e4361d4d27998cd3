import type { FieldValues, Path } from "react-hook-form";
import { Label } from "@web/components/ui/label";
import { Textarea, type TextareaProps } from "@web/components/ui/textarea";
import { FieldDescription, FieldErrorMessage, FieldShell, type BaseFieldProps } from "./field-parts";
import { useField } from "./use-field";

export type TextareaFieldProps<T extends FieldValues = FieldValues> = BaseFieldProps<Path<T>> &
  Omit<TextareaProps, "name" | "id" | "disabled" | "required" | "className"> & { textareaClassName?: string };

export function TextareaField<T extends FieldValues = FieldValues>({
  name,
  label,
  description,
  required,
  disabled,
  className,
  textareaClassName,
  ...textareaProps
}: TextareaFieldProps<T>) {
  const { register, ids, error, controlProps } = useField<T>(name, Boolean(description), required);
  return (
    <FieldShell className={className}>
      <Label htmlFor={ids.control} required={required}>
        {label}
      </Label>
      <Textarea className={textareaClassName} {...textareaProps} {...controlProps} {...register(name, { disabled })} />
      {description ? <FieldDescription id={ids.description}>{description}</FieldDescription> : null}
      <FieldErrorMessage id={ids.error} message={error?.message} />
    </FieldShell>
  );
}
