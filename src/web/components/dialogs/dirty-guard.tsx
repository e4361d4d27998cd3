import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";

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
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={DISCARD_TITLE}
        description={DISCARD_TEXT}
        cancelLabel="Continua a modificare"
        confirmLabel="Chiudi senza salvare"
        onConfirm={() => {
          const close = pending;
          dirtySources.current.clear();
          returnTo.current = null; // the dialog closes: focus goes back to its opener
          setPending(null);
          close?.();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnTo.current?.isConnected) returnTo.current.focus();
          returnTo.current = null;
        }}
      />
    </DirtyGuardContext.Provider>
  );
}
