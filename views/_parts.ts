/** The notice every view shows when a result names parts it could not read. */
import { el } from "./_dom.ts";

/** "Not read this time: …" with each part and its reason, or nothing when all arrived. */
export function unavailableNotice(
  unavailable: ReadonlyArray<{ part: string; field?: string; reason: string }>,
): HTMLElement | null {
  if (unavailable.length === 0) return null;
  return el(
    "div",
    { class: "notice", role: "status", "data-unavailable": unavailable.length },
    el("p", {}, el("strong", {}, "Partial answer."), " Not read this time:"),
    el(
      "ul",
      {},
      ...unavailable.map((item) =>
        el("li", {}, item.field ? `${item.part} (${item.field})` : item.part, `: ${item.reason}`)
      ),
    ),
  );
}
