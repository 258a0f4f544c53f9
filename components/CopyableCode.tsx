/** A value or snippet; its copy button shows where the enhancement script finds a clipboard. */
export function CopyableCode(props: { text: string; label: string; block?: boolean }) {
  return (
    <div class={props.block ? "code-block" : "code-inline"}>
      <button type="button" class="copy" data-copy hidden aria-label={`Copy: ${props.label}`}>
        Copy
      </button>
      {props.block
        ? (
          // Focusable, so a keyboard can scroll a snippet wider than the screen.
          <pre tabIndex={0}>
            <code>{props.text}</code>
          </pre>
        )
        : <code class="break">{props.text}</code>}
    </div>
  );
}
