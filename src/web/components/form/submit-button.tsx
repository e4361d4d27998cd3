import { LoaderCircle } from "lucide-react";
import { useFormContext, useFormState, type Control, type FieldValues, type UseFormReturn } from "react-hook-form";
import { Button, type ButtonProps } from "@web/components/ui/button";
import { keepFocusOnButtonPress } from "./form";

export type SubmitButtonProps = Omit<ButtonProps, "type" | "asChild" | "children"> & {
  /** Testo del bottone, es. "Salva". */
  label?: string;
  /** Testo durante l'invio. */
  pendingLabel?: string;
  /** Forza lo stato di attesa (es. fuori da un <Form>, con l'attributo `form`). */
  pending?: boolean;
};

/** Bottone di invio: durante l'invio mostra uno spinner, cambia testo e si disabilita. */
export function SubmitButton(props: SubmitButtonProps) {
  const form = useFormContext<FieldValues>() as UseFormReturn<FieldValues> | null;
  if (!form) return <SubmitButtonView {...props} submitting={false} />;
  return <ConnectedSubmitButton control={form.control} {...props} />;
}

function ConnectedSubmitButton({ control, ...props }: SubmitButtonProps & { control: Control }) {
  const { isSubmitting } = useFormState({ control });
  return <SubmitButtonView {...props} submitting={isSubmitting} />;
}

function SubmitButtonView({
  label = "Salva",
  pendingLabel = "Salvataggio...",
  pending,
  submitting,
  disabled,
  onMouseDown,
  ...props
}: SubmitButtonProps & { submitting: boolean }) {
  const busy = pending ?? submitting;
  return (
    <Button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        keepFocusOnButtonPress(event);
      }}
      {...props}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
      {busy ? pendingLabel : label}
    </Button>
  );
}
