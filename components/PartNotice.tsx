import type { UnavailablePart } from "../lib/parts.ts";

/**
 * Which parts of a page could not be read and why, in the section lacking them; `parts` picks the
 * section's (all when omitted).
 */
export function PartNotice(props: { unavailable: readonly UnavailablePart[]; parts?: string[] }) {
  const shown = props.unavailable.filter((item) =>
    props.parts === undefined || props.parts.includes(item.part)
  );
  if (shown.length === 0) return null;
  return (
    <div class="notice part-unavailable" role="status">
      {shown.map((item) =>
        item.field === undefined
          ? (
            <p>
              Not shown: <strong>{item.part}</strong>.{" "}
              {item.reason}. The rest of the page is current; reload to try again.
            </p>
          )
          : (
            <p>
              Not shown: <strong>{item.part}</strong> field <code>{item.field}</code> ({item.reason}
              {" "}
              in {item.endpoint}). That figure reads n/a; the rest is current.
            </p>
          )
      )}
    </div>
  );
}
