import { useId } from "react";
import { useFormContext, useFormState, type FieldError, type FieldValues, type Path } from "react-hook-form";

/** Id e attributi ARIA condivisi da tutti i campi: label, descrizione, errore. */
export function useField<T extends FieldValues>(name: Path<T>, hasDescription: boolean, required?: boolean) {
  const { control, register, getFieldState } = useFormContext<T>();
  const formState = useFormState({ control, name });
  const error: FieldError | undefined = getFieldState(name, formState).error;
  const base = useId();
  const ids = {
    control: `${base}-control`,
    description: `${base}-description`,
    error: `${base}-error`,
  };
  const describedBy = [hasDescription ? ids.description : null, error?.message ? ids.error : null]
    .filter(Boolean)
    .join(" ");

  return {
    register,
    ids,
    error,
    controlProps: {
      id: ids.control,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy || undefined,
      "aria-required": required || undefined,
    },
  };
}
