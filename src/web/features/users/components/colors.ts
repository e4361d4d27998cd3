/** The calendar colours offered for a person; any other #rrggbb already stored stays selectable. */
export const USER_COLORS = [
  { value: "#2563eb", label: "Blu" },
  { value: "#16a34a", label: "Verde" },
  { value: "#ea580c", label: "Arancione" },
  { value: "#7c3aed", label: "Viola" },
  { value: "#dc2626", label: "Rosso" },
  { value: "#0891b2", label: "Azzurro" },
  { value: "#ca8a04", label: "Ocra" },
  { value: "#db2777", label: "Rosa" },
  { value: "#475569", label: "Grigio" },
];

export function colorOptions(current: string | null | undefined) {
  if (!current || USER_COLORS.some((c) => c.value === current)) return USER_COLORS;
  return [...USER_COLORS, { value: current, label: `Personalizzato (${current})` }];
}
