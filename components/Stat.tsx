import type { ComponentChildren } from "preact";

/** One labelled figure of a stats grid; `tone` colours gains and losses. */
export function Stat(props: {
  label: string;
  value: ComponentChildren;
  tone?: "good" | "bad" | "";
  note?: ComponentChildren;
}) {
  return (
    <div class="stat">
      <dt>{props.label}</dt>
      <dd class={props.tone || undefined}>{props.value}</dd>
      {props.note && <dd class="stat-note muted">{props.note}</dd>}
    </div>
  );
}
