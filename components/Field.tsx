import type { ComponentChildren } from "preact";

/** One term and its value in a `<dl class="fields">`. */
export function Field(props: { label: string; class?: string; children?: ComponentChildren }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd class={props.class}>{props.children}</dd>
    </div>
  );
}
