/** Clicks on a row's own links and buttons keep their meaning; elsewhere the row opens its details. */
export const isInteractiveTarget = (target: EventTarget) =>
  target instanceof Element && target.closest("a, button") !== null;
