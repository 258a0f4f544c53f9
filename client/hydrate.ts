/** The island hydrator: each `data-island` element gets its component and its JSON props. */
import { type ComponentType, h, hydrate } from "preact";

/**
 * Finds the island elements under `root` and parses their props: their own `data-props`, else
 * the page's one props blob (`data-island-props`); skips malformed ones.
 */
export function findIslands(root: ParentNode) {
  const found: Array<{ element: HTMLElement; name: string; props: Record<string, unknown> }> = [];
  const blob = root.querySelector("[data-island-props]")?.getAttribute("data-island-props");
  for (const element of root.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = element.getAttribute("data-island") ?? "";
    try {
      const props = JSON.parse(element.getAttribute("data-props") ?? blob ?? "{}");
      if (props === null || typeof props !== "object" || Array.isArray(props)) {
        throw new TypeError("props are not an object");
      }
      found.push({ element, name, props });
    } catch (error) {
      // The server rendered this content; without props it simply stays static.
      console.warn(`island ${name}: unreadable props`, error);
    }
  }
  return found;
}

/**
 * Hydrates each island with its component from `registry`. Marks each hydrated element with
 * `data-hydrated` (tests wait on it). Returns how many were hydrated.
 */
export function hydrateIslands(
  root: ParentNode,
  // deno-lint-ignore no-explicit-any
  registry: Record<string, ComponentType<any>>,
): number {
  let count = 0;
  for (const island of findIslands(root)) {
    const component = registry[island.name];
    if (!component) {
      console.warn(`island ${island.name}: not in this bundle`);
      continue;
    }
    hydrate(h(component, island.props), island.element);
    island.element.setAttribute("data-hydrated", "");
    count++;
  }
  return count;
}
