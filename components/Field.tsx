import type { ComponentChildren } from "preact";
import { ADDRESS_INPUT_PATTERN } from "../lib/address.ts";

/** One term and its value in a `<dl class="fields">`. */
export function Field(props: { label: string; class?: string; children?: ComponentChildren }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd class={props.class}>{props.children}</dd>
    </div>
  );
}

/** A GET form asking for a wallet address, sent as `wallet` to the page at `action`. */
export function WalletForm(
  props: { action: string; id: string; label: string; button: string; value?: string },
) {
  return (
    <form class="search" action={props.action} method="get">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        name="wallet"
        type="text"
        inputMode="text"
        pattern={ADDRESS_INPUT_PATTERN}
        placeholder="0x… wallet address"
        value={props.value ?? ""}
        autocomplete="off"
        spellcheck={false}
        required
      />
      <button type="submit">{props.button}</button>
    </form>
  );
}
