import type { MouseEvent, ReactNode } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  FormProvider,
  useForm,
  useFormState,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { cn } from "@web/lib/cn";
import { toastError } from "@web/components/ui/toast";
import { useReportDirty } from "@web/components/dialogs/dirty-guard";
import { applyServerErrors, isApiErrorLike, serverErrorMessage } from "./server-errors";

/** Uno schema zod i cui valori (in ingresso e in uscita) sono un oggetto. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;
export type FormInput<TSchema extends FormSchema> = z.input<TSchema>;
export type FormOutput<TSchema extends FormSchema> = z.output<TSchema>;
export type ZodForm<TSchema extends FormSchema> = UseFormReturn<FormInput<TSchema>, unknown, FormOutput<TSchema>>;

/**
 * Crea un form validato da `schema` (modalità "onTouched"). Da usare quando il componente
 * deve leggere i valori (watch, useFieldArray...): poi passarlo a <Form form={form}>.
 */
export function useZodForm<TSchema extends FormSchema>(
  schema: TSchema,
  defaultValues?: DefaultValues<FormInput<TSchema>>,
  options?: Omit<UseFormProps<FormInput<TSchema>, unknown, FormOutput<TSchema>>, "resolver" | "defaultValues">,
): ZodForm<TSchema> {
  return useForm<FormInput<TSchema>, unknown, FormOutput<TSchema>>({
    resolver: zodResolver(schema) as Resolver<FormInput<TSchema>, unknown, FormOutput<TSchema>>,
    defaultValues,
    mode: "onTouched",
    ...options,
  });
}

export type FormProps<TSchema extends FormSchema> = {
  schema: TSchema;
  /** Ignorato se si passa `form`. */
  defaultValues?: DefaultValues<FormInput<TSchema>>;
  /** Istanza creata con useZodForm(schema, ...), se il chiamante deve osservare i valori. */
  form?: ZodForm<TSchema>;
  /**
   * Riceve i valori già validati e trasformati dallo schema. Se lancia un ApiError-like
   * gli errori dei campi vengono mostrati sui campi (applyServerErrors); se non ce ne
   * sono, il messaggio generale appare in un toast di errore.
   */
  onSubmit: (values: FormOutput<TSchema>, form: ZodForm<TSchema>) => unknown;
  children: ReactNode;
  id?: string;
  className?: string;
  "aria-label"?: string;
  "aria-labelledby"?: string;
};

export function Form<TSchema extends FormSchema>(props: FormProps<TSchema>) {
  return props.form ? <FormView {...props} form={props.form} /> : <OwnedForm {...props} />;
}

function OwnedForm<TSchema extends FormSchema>(props: FormProps<TSchema>) {
  const form = useZodForm(props.schema, props.defaultValues);
  return <FormView {...props} form={form} />;
}

function FormView<TSchema extends FormSchema>({
  form,
  onSubmit,
  children,
  id,
  className,
  ...aria
}: FormProps<TSchema> & { form: ZodForm<TSchema> }) {
  // Inside a dialog, unsaved changes make closing it ask first (dialogs/dirty-guard.tsx).
  const { isDirty } = useFormState({ control: form.control });
  useReportDirty(isDirty);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values, form);
    } catch (error) {
      if (!isApiErrorLike(error)) console.error(error);
      if (applyServerErrors(form, error) === 0) toastError(serverErrorMessage(error));
    }
  });

  return (
    <FormProvider {...form}>
      <form
        id={id}
        noValidate
        className={cn("grid gap-6", className)}
        aria-label={aria["aria-label"]}
        aria-labelledby={aria["aria-labelledby"]}
        onSubmit={(event) => void submit(event)}
        onMouseDown={keepFocusOnButtonPress}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * Con mode "onTouched" il blur del campo attivo mostra subito il suo errore: il layout
 * si sposta tra mousedown e mouseup e il click sul bottone (es. "Salva") andrebbe perso.
 * Impedendo al bottone di prendere il focus col mouse il blur non avviene; all'invio
 * react-hook-form porta comunque il focus sul primo campo non valido.
 */
export function keepFocusOnButtonPress(event: MouseEvent<HTMLElement>) {
  if (event.button !== 0) return;
  const target = event.target as Element | null;
  if (target?.closest?.("button:not(:disabled)")) event.preventDefault();
}

/** Messaggio generale d'errore del server (root.server), se presente. */
export function FormRootError({ className }: { className?: string }) {
  const { errors } = useFormState();
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <p
      role="alert"
      className={cn(
        "rounded-md border border-destructive/40 bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground",
        className,
      )}
    >
      {message}
    </p>
  );
}
