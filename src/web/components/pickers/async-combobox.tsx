import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronDown, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type Ref } from "react";
import { cn } from "@web/lib/cn";
import { controlClasses } from "@web/components/ui/input";
import { pickerKeys } from "@web/lib/query-keys";

/** One choice as the combobox shows it. */
export type ComboboxOption<T> = { id: string; label: string; detail?: string; item: T };

/** Rows asked of the server per search: enough to choose from, small enough to arrive at once. */
export const COMBOBOX_LIMIT = 20;

export type AsyncComboboxProps<T> = {
  /** Id of the input (the field's label points at it). */
  id: string;
  /** The chosen record's id ("" for none). */
  value: string;
  onChange: (id: string, option: ComboboxOption<T> | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Cache key of the searches (the typed text is appended). */
  queryKey: readonly unknown[];
  /** Asks the server for at most COMBOBOX_LIMIT choices matching `q` (all choices for ""). */
  search: (q: string) => Promise<ComboboxOption<T>[]>;
  /** The label of the chosen record when it is known without a search (an edit, a prefill). */
  selectedLabel?: string | null;
  /** Loads the chosen record when its label is unknown (a record further than the first page). */
  resolve?: (id: string) => Promise<ComboboxOption<T>>;
  placeholder?: string;
  /** Shows a "Rimuovi" button (optional fields). */
  clearable?: boolean;
  disabled?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
};

/**
 * A text box that searches the server as the user types and lists what it finds (the WAI-ARIA
 * combobox pattern: arrows move, Enter chooses, Escape closes). Every record is reachable
 * however old, and nothing downloads a whole table to filter it in the browser.
 */
export function AsyncCombobox<T>({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  queryKey,
  search,
  selectedLabel,
  resolve,
  placeholder = "Scrivi per cercare...",
  clearable = false,
  disabled,
  ...aria
}: AsyncComboboxProps<T>) {
  const listId = useId();
  const statusId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<ComboboxOption<T> | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);

  const results = useQuery({
    queryKey: pickerKeys.search(queryKey, q),
    queryFn: () => search(q),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const known = chosen?.id === value ? chosen.label : (selectedLabel ?? null);
  const resolved = useQuery({
    queryKey: pickerKeys.selected(queryKey, value),
    queryFn: () => resolve!(value),
    enabled: Boolean(value && !known && resolve),
  });
  const valueLabel = value ? (known ?? resolved.data?.label ?? "") : "";
  const options = results.data ?? [];

  function choose(option: ComboboxOption<T> | null) {
    setChosen(option);
    onChange(option?.id ?? "", option);
    setOpen(false);
    setText("");
  }

  function openList() {
    if (disabled) return;
    setOpen(true);
    setActive(0);
  }

  // Escape closes the open list only, not the dialog around it. The dialog listens on the document
  // in the capture phase, before React sees the key: this listener on the window runs first.
  const inputEl = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.target !== inputEl.current) return;
      e.stopPropagation();
      e.preventDefault();
      setOpen(false);
      setText("");
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);

  // Keep the active option in view while moving with the arrows.
  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active, open]);

  const status = !open
    ? ""
    : results.isPending || (results.isFetching && results.isPlaceholderData)
      ? "Ricerca in corso..."
      : results.isError
        ? "Ricerca non riuscita: riprova"
        : options.length === 0
          ? "Nessun risultato"
          : options.length >= COMBOBOX_LIMIT
            ? `Primi ${options.length} risultati: scrivi per restringere`
            : options.length === 1
              ? "1 risultato"
              : `${options.length} risultati`;

  return (
    <div className="relative">
      <input
        id={id}
        ref={(el) => {
          inputEl.current = el;
          if (typeof inputRef === "function") inputRef(el);
          else if (inputRef) inputRef.current = el;
        }}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        aria-invalid={aria["aria-invalid"]}
        aria-required={aria["aria-required"]}
        aria-describedby={[aria["aria-describedby"], open ? statusId : null].filter(Boolean).join(" ") || undefined}
        disabled={disabled}
        placeholder={valueLabel || placeholder}
        value={open ? text : valueLabel}
        className={cn(controlClasses, "h-10 pr-16 pl-3", value && !open ? "" : "placeholder:text-muted-foreground")}
        onFocus={openList}
        onClick={() => !open && openList()}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          if (!open) setOpen(true);
        }}
        onBlur={() => {
          setOpen(false);
          setText("");
          onBlur?.();
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            if (!open) openList();
            else setActive((i) => Math.min(i + 1, Math.max(0, options.length - 1)));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === "Home" && open && !text) {
            e.preventDefault();
            setActive(0);
          } else if (e.key === "End" && open && !text) {
            e.preventDefault();
            setActive(Math.max(0, options.length - 1));
          } else if (e.key === "Enter" && open) {
            // Enter chooses; it never submits the form while the list is open.
            e.preventDefault();
            if (options[active]) choose(options[active]);
          }
        }}
      />
      <div className="pointer-events-none absolute inset-y-0 right-0 flex items-center gap-1 pr-2">
        {clearable && value && !disabled ? (
          <button
            type="button"
            className="pointer-events-auto inline-flex size-7 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={`Rimuovi ${valueLabel || "scelta"}`}
            onClick={() => choose(null)}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
        <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
      </div>
      <ul
        id={listId}
        ref={listRef}
        role="listbox"
        aria-label="Risultati"
        hidden={!open}
        className="absolute z-50 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-border bg-card py-1 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${index}`}
            data-index={index}
            role="option"
            aria-selected={option.id === value}
            className={cn(
              "cursor-pointer px-3 py-2 text-sm",
              index === active ? "bg-secondary text-secondary-foreground" : "",
              option.id === value ? "font-semibold" : "",
            )}
            // mousedown, not click: the input's blur would close the list before the click lands.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(option);
            }}
            onMouseEnter={() => setActive(index)}
          >
            <span className="block break-words">{option.label}</span>
            {option.detail ? <span className="block text-xs text-muted-foreground">{option.detail}</span> : null}
          </li>
        ))}
      </ul>
      <p
        id={statusId}
        role="status"
        aria-live="polite"
        className={open ? "mt-1 text-xs text-muted-foreground" : "sr-only"}
      >
        {status}
      </p>
    </div>
  );
}
