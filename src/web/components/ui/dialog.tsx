import { createContext, useContext, useLayoutEffect, useRef, type ComponentProps, type RefObject } from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "@web/lib/cn";
import { DirtyGuardProvider, useDirtyGuard } from "@web/components/dialogs/dirty-guard";

/** The element that had focus when the dialog opened (the button that opened it). */
const OpenerContext = createContext<RefObject<HTMLElement | null> | null>(null);

/**
 * Dialog root. Closing it by backdrop, Esc, the X or a <CancelButton> asks first when a form
 * inside holds unsaved changes (dialogs/dirty-guard.tsx); on close, focus returns to the
 * element that opened it (Radix only does that for a <DialogTrigger>, which we rarely use).
 */
export function Dialog(props: ComponentProps<typeof DialogPrimitive.Root>) {
  return (
    <DirtyGuardProvider>
      <GuardedRoot {...props} />
    </DirtyGuardProvider>
  );
}

function GuardedRoot({ open, onOpenChange, ...props }: ComponentProps<typeof DialogPrimitive.Root>) {
  const guard = useDirtyGuard();
  const opener = useRef<HTMLElement | null>(null);
  // Runs before the content (in a portal) mounts and moves focus inside.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  const controlled = open !== undefined;
  return (
    <OpenerContext.Provider value={opener}>
      <DialogPrimitive.Root
        open={open}
        onOpenChange={(next) => {
          if (next || !controlled || !guard) onOpenChange?.(next);
          else guard.requestClose(() => onOpenChange?.(false));
        }}
        {...props}
      />
    </OpenerContext.Provider>
  );
}

export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const widths = { default: "sm:max-w-lg", wide: "sm:max-w-3xl", xl: "sm:max-w-5xl" } as const;

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  size?: keyof typeof widths;
  /** Nasconde la X in alto a destra (es. quando il footer ha già "Chiudi"). */
  hideCloseButton?: boolean;
};

/**
 * Contenuto del dialogo: deve contenere un <DialogTitle> e, di norma, una <DialogDescription>
 * (altrimenti passare aria-describedby={undefined}). Scorre se più alto dello schermo.
 */
export function DialogContent({
  size = "default",
  hideCloseButton = false,
  className,
  children,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const opener = useContext(OpenerContext);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 motion-safe:data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 gap-4",
          "max-h-[calc(100dvh-1.5rem)] overflow-y-auto overscroll-contain",
          "rounded-lg border border-border bg-card p-4 text-card-foreground shadow-lg sm:p-6",
          "focus-visible:outline-none motion-safe:data-[state=open]:animate-pop-in",
          widths[size],
          className,
        )}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const target = opener?.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
        {...props}
      >
        {children}
        {hideCloseButton ? null : (
          <DialogPrimitive.Close
            aria-label="Chiudi"
            className={cn(
              "absolute end-2 top-2 inline-flex size-10 items-center justify-center rounded-md text-muted-foreground",
              "hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
            )}
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pe-10 text-start", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end *:w-full sm:*:w-auto", className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg leading-tight font-semibold", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
