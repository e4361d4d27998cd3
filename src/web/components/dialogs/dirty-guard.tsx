import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { AlertDialog } from "radix-ui";
import { cn } from "@web/lib/cn";
import { buttonVariants } from "@web/components/ui/button";

/**
 * Typed work is never lost by accident: a dialog knows whether a form inside it has unsaved
 * changes (forms report it, see <Form>), and every way of closing it that the user did not mean
 * as "save" (backdrop, Esc, the X, "Annulla") first asks for confirmation.
 */
export type DirtyGuard = {
  /** A form inside the dialog reports whether it holds unsaved changes. */
  report: (source: string, dirty: boolean) => void;
  /** Runs `close` at once when nothing is dirty; otherwise only after the user confirms. */
  requestClose: (close: () => void) => void;
};

const DirtyGuardContext = createContext<DirtyGuard | null>(null);

export function useDirtyGuard() {
  return useContext(DirtyGuardContext);
}

/** A form reports its dirty state to the dialog around it (no-op outside a dialog). */
export function useReportDirty(dirty: boolean) {
  const guard = useDirtyGuard();
  const id = useId();
  useEffect(() => {
    if (!guard) return;
    guard.report(id, dirty);
    return () => guard.report(id, false);
  }, [guard, id, dirty]);
}

export const DISCARD_TITLE = "Modifiche non salvate";
export const DISCARD_TEXT = "Vuoi chiudere senza salvare? Le modifiche andranno perse.";

/** Provides the guard and renders the confirmation ("Modifiche non salvate"). */
export function DirtyGuardProvider({ children }: { children: ReactNode }) {
  const dirtySources = useRef(new Set<string>());
  const [pending, setPending] = useState<(() => void) | null>(null);
  // Where focus was when the question appeared: it goes back there on "Continua a modificare".
  const returnTo = useRef<HTMLElement | null>(null);

  const report = useCallback((source: string, dirty: boolean) => {
    if (dirty) dirtySources.current.add(source);
    else dirtySources.current.delete(source);
  }, []);
  const requestClose = useCallback((close: () => void) => {
    if (dirtySources.current.size === 0) close();
    else {
      const active = document.activeElement;
      returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
      setPending(() => close);
    }
  }, []);
  const [guard] = useState<DirtyGuard>(() => ({ report, requestClose }));

  return (
    <DirtyGuardContext.Provider value={guard}>
      {children}
      <AlertDialog.Root open={pending !== null} onOpenChange={(open) => (open ? undefined : setPending(null))}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
          <AlertDialog.Content
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (returnTo.current?.isConnected) returnTo.current.focus();
              returnTo.current = null;
            }}
            className={cn(
              "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 gap-4 sm:max-w-md",
              "rounded-lg border border-border bg-card p-4 shadow-lg sm:p-6 focus-visible:outline-none",
            )}
          >
            <div className="flex flex-col gap-1.5">
              <AlertDialog.Title className="text-lg leading-tight font-semibold">{DISCARD_TITLE}</AlertDialog.Title>
              <AlertDialog.Description className="text-sm text-muted-foreground">{DISCARD_TEXT}</AlertDialog.Description>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonVariants({ variant: "outline" })}>Continua a modificare</AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonVariants({ variant: "destructive" })}
                onClick={() => {
                  const close = pending;
                  dirtySources.current.clear();
                  returnTo.current = null; // the dialog closes: focus goes back to its opener
                  setPending(null);
                  close?.();
                }}
              >
                Chiudi senza salvare
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </DirtyGuardContext.Provider>
  );
}
