/** Builds a value → Italian label map and the option list the forms show. */
export function labelled<const T extends readonly [string, ...string[]]>(values: T, labels: Record<T[number], string>) {
  type V = T[number];
  return {
    values,
    labels,
    options: values.map((value: V) => ({ value, label: labels[value] })),
    label: (value: string | null | undefined): string =>
      value && value in labels ? labels[value as V] : (value ?? ""),
  };
}
