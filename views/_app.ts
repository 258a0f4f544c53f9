/**
 * The view side of MCP Apps, on ext-apps' `App` (no postMessage of our own): render each result
 * the host hands over, follow its theme, open links and (live views) call the tool again.
 */
import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
} from "@modelcontextprotocol/ext-apps";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type Child, el, fill, utc } from "./_dom.ts";

/** What a view's renderer gets besides the structured result. */
export interface ViewContext {
  /** A link to an explorer page (`/wallet/0x…`) that the host opens; plain text without a site. */
  link(path: string, ...children: Child[]): HTMLElement;
  /** The arguments of the tool call the result answers (when the host sent them). */
  args: Record<string, unknown>;
  /** The result's `_meta` as the host passed it (empty when it passed none). */
  meta: Record<string, unknown>;
}

/** One view: its name, how it renders a result, and whether it keeps itself live. */
export interface ViewSpec<T> {
  /** Shown to the host as the App's name. */
  title: string;
  /** The result's structuredContent, as the tool's outputSchema describes it. */
  render(structured: T, context: ViewContext): Child[];
  /** Call `tool` again through the host every `everyMs` while shown, with the call's arguments. */
  live?: {
    tool: string;
    everyMs: number;
    args(structured: T, args: Record<string, unknown>): object;
  };
}

/** The explorer's origin, written into the resource by the server when it serves it. */
function siteUrl(): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="papertrade-site"]');
  const value = meta?.content ?? "";
  return /^https?:\/\//.test(value) ? value.replace(/\/+$/, "") : null;
}

/**
 * Connects the view to its host and renders every result it is given; `refresh` asks a tool
 * again through the host and shows the answer.
 */
export function startView<T>(spec: ViewSpec<T>) {
  const root = document.getElementById("view")!;
  const status = document.getElementById("status")!;
  const app = new App({ name: `Papertrade Explorer: ${spec.title}`, version: "1.0.0" });
  const site = siteUrl();
  let args: Record<string, unknown> = {};
  let latest: T | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const link = (path: string, ...children: Child[]) => {
    if (site === null) return el("span", {}, ...children);
    const url = `${site}${path}`;
    const anchor = el("a", { href: url, target: "_blank", rel: "noopener" }, ...children);
    anchor.addEventListener("click", (event) => {
      event.preventDefault();
      app.openLink({ url }).catch(() => {});
    });
    return anchor;
  };

  /** `node`'s children replaced by `children`, text as text nodes. */
  const put = (node: HTMLElement, children: Child[]) => {
    node.replaceChildren();
    fill(node, {}, children);
  };
  const say = (...children: Child[]) => put(status, children);

  const show = (result: CallToolResult, when: Date) => {
    if (result.isError || !result.structuredContent) {
      const parts = (result.content ?? []) as Array<{ type: string; text?: string }>;
      const text = parts.find((part) => part.type === "text")?.text;
      say(el("strong", {}, "The tool answered with an error: "), text ?? "no text");
      return false;
    }
    latest = result.structuredContent as T;
    const meta = result._meta ?? {};
    put(root, spec.render(latest, { link, args, meta }));
    say(
      spec.live
        ? `Live: updated ${utc(when.toISOString())}, read again every ${
          spec.live.everyMs / 1000
        } s through your assistant.`
        : `As of ${utc(when.toISOString())}, when the tool answered.`,
    );
    return true;
  };

  /** Calls `tool` through the host and shows its answer, or says why it could not. */
  const ask = async (tool: string, next: Record<string, unknown>, failed: string, after = "") => {
    try {
      const result = await app.callServerTool({ name: tool, arguments: next });
      args = next;
      show(result, new Date());
    } catch (error) {
      say(el("strong", {}, failed), error instanceof Error ? error.message : String(error), after);
    }
  };

  const poll = () => {
    const live = spec.live;
    if (!live || latest === null) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (!document.hidden && latest !== null) {
        const next = live.args(latest, args) as Record<string, unknown>;
        await ask(
          live.tool,
          next,
          "Could not refresh: ",
          "; the figures below are from the last answer.",
        );
      }
      poll();
    }, live.everyMs);
  };

  const theme = (context: McpUiHostContext | undefined) => {
    if (context?.theme) applyDocumentTheme(context.theme);
    if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
  };

  app.ontoolinput = (params) => {
    args = params.arguments ?? {};
  };
  app.ontoolresult = (result) => {
    if (show(result as CallToolResult, new Date())) poll();
  };
  app.onhostcontextchanged = theme;
  app.onteardown = () => {
    clearTimeout(timer);
    return {};
  };
  app.connect().then(
    () => theme(app.getHostContext()),
    (error) => say(`Could not connect to the host: ${String(error)}`),
  );
  const refresh = (tool: string, next: Record<string, unknown>) => {
    say("Asking again…");
    return ask(tool, next, "Could not ask again: ");
  };
  return { refresh };
}
