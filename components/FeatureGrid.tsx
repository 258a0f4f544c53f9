/** Where Papertrade OS opens the explorer as one of its windows. */
export const PAPERTRADE_OS_URL = "https://papertrade-os.pages.dev/?open=explorer";

const FEATURES: Array<[title: string, text: string]> = [
  [
    "Risk first",
    "Every open position at the live mark with bust price, distance to bust and a near-bust alert, updated as it moves.",
  ],
  [
    "Every wallet, live",
    "Funds, pending intents with their queue position, PAPER, session keys and leaderboard rank, streamed.",
  ],
  [
    "Settlements decoded",
    "HyperEVM batches decoded into their intents, each signature checked by recovery and each call's result shown.",
  ],
  [
    "Intents followed",
    "From the live feed through the relayer queue to the settling transaction, or the wallet's trade history.",
  ],
  [
    "Ask your AI",
    "A remote MCP server with ten read-only tools: no key, no account, no install.",
  ],
  [
    "Plain HTTP too",
    "A REST mirror of every tool, described by OpenAPI 3.1, plus agent discovery files.",
  ],
  [
    "Links that unfurl",
    "Share /w/<address> for a preview card with the wallet's balance and PnL.",
  ],
  [
    "Read-only, always",
    "No database, no keys: nothing here signs, sends, deposits, withdraws or places an order.",
  ],
];

/** MCP clients the docs give connection steps for. */
const WORKS_WITH = [
  "Claude Code",
  "Claude Desktop",
  "claude.ai",
  "ChatGPT",
  "Codex",
  "Gemini CLI",
  "Cursor",
  "VS Code",
  "Windsurf",
  "Zed",
  "Cline",
  "Goose",
  "Continue",
];

/** The feature grid, the works-with strip and the Papertrade OS link (not in `?embed=1`). */
export function FeatureGrid() {
  return (
    <>
      <section aria-labelledby="features">
        <h2 id="features">What it does</h2>
        <ul class="features">
          {FEATURES.map(([title, text]) => (
            <li key={title}>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="works-with">
        <h2 id="works-with">Works with</h2>
        <ul class="works-with">
          {WORKS_WITH.map((client) => <li key={client}>{client}</li>)}
        </ul>
        <p class="muted">
          Any client that speaks MCP Streamable HTTP, and any HTTP client through the REST mirror:
          {" "}
          <a href="/docs/connect-your-ai">connection steps for each</a>.
        </p>
      </section>
      <p>
        <a class="os-link" href={PAPERTRADE_OS_URL}>Open in Papertrade OS</a>{" "}
        <span class="muted">
          to use the explorer as a window of Papertrade OS. Add <code>?embed=1</code>{" "}
          to any page for the product-only view.
        </span>
      </p>
    </>
  );
}
