import { Field } from "../../components/Field.tsx";
import { firstSentence } from "../../lib/tool_info.ts";
import { CopyableCode } from "../../components/CopyableCode.tsx";

/**
 * The home page's landing sections (not in `?embed=1`); `siteUrl` makes the snippets point at
 * this deployment, and the tool list comes from the registry, so it cannot drift.
 */
export function ProductSections(
  props: {
    siteUrl: string;
    tools: readonly { name: string; title?: string; description: string }[];
  },
) {
  const site = props.siteUrl.replace(/\/+$/, "");
  const mcpUrl = `${site}/mcp`;
  const claudeCode = `claude mcp add --transport http papertrade-explorer ${mcpUrl}`;
  const jsonConfig = JSON.stringify(
    { mcpServers: { "papertrade-explorer": { type: "http", url: mcpUrl } } },
    null,
    2,
  );
  const curl = `curl -s ${site}/api/tools/get_protocol_overview \\\n` +
    `  -H 'content-type: application/json' -d '{"recent_trades":3}'`;
  return (
    <>
      <section aria-labelledby="lookups">
        <h2 id="lookups">What you can look up</h2>
        <p>Paste any of these into the search:</p>
        <dl class="lookups">
          <Field label="A wallet address">
            Balance, queued and locked funds, open positions at the live mark with bust price and
            distance to bust, pending intents, PAPER, session keys, leaderboard rank, a PnL chart
            and the full trade history (also as CSV).
          </Field>
          <Field label="A transaction hash">
            The HyperEVM transaction decoded into the intents it settled, each with its wallet,
            signer, fields, signature check and execution result.
          </Field>
          <Field label="An intent id">
            Where it is: in the live feed, queued at the relayer, or settled on chain.
          </Field>
          <Field label="A position id">The open position, or its closed-trade record.</Field>
          <Field label="Part of a leaderboard name">The matching ranked wallets.</Field>
          <Field label="A link">
            This explorer's pages, the original explorer's <code>#/</code>{" "}
            links and HyperEVM explorer pages all open the matching page here.
          </Field>
        </dl>
      </section>
      <section aria-labelledby="connect">
        <h2 id="connect">Ask your AI assistant</h2>
        <p>
          The same data is a remote MCP server at{" "}
          <code>{mcpUrl}</code>: ten read-only tools, no key, no account. In Claude Code, one
          command:
        </p>
        <CopyableCode block text={claudeCode} label="Claude Code command" />
        <p>
          Clients configured with JSON (Claude Code's <code>.mcp.json</code>, and others):
        </p>
        <CopyableCode block text={jsonConfig} label="MCP JSON configuration" />
        <p>
          Every other client (Claude Desktop, ChatGPT, Codex, Gemini CLI, Cursor, VS Code and more)
          is covered in <a href="/docs/connect-your-ai">Connect your AI</a>.
        </p>
      </section>
      <section aria-labelledby="tools">
        <h2 id="tools">The tools</h2>
        <dl class="tool-list">
          {props.tools.map((tool) => (
            <div key={tool.name}>
              <dt>
                <code>{tool.name}</code>
                {tool.title && <span class="muted">· {tool.title}</span>}
              </dt>
              <dd>{firstSentence(tool.description)}</dd>
            </div>
          ))}
        </dl>
        <p>
          Over plain HTTP too: <code>POST /api/tools/&#123;name&#125;</code>, described by{" "}
          <a href="/openapi.json">OpenAPI 3.1</a>.
        </p>
      </section>
      <section aria-labelledby="quickstart">
        <h2 id="quickstart">Quickstart</h2>
        <ol>
          <li>Paste a wallet, transaction hash, intent id, position id or name into the search.</li>
          <li>
            Share a wallet as{" "}
            <code>{site}/w/&lt;address&gt;</code>: the link shows a preview card and opens the
            wallet page.
          </li>
          <li>Connect your assistant with the command above and ask about any wallet.</li>
          <li>Or call a tool from the shell:</li>
        </ol>
        <CopyableCode block text={curl} label="curl example" />
        <p>
          More in the <a href="/docs/quickstart">quickstart</a> and the{" "}
          <a href="/docs/concepts">concepts</a> (bust price, intents, units).
        </p>
      </section>
    </>
  );
}
