import type { ComponentChildren } from "preact";
import { Layout } from "./Layout.tsx";

/** Props of an error page: what happened, in words a visitor can act on. */
export interface ErrorPageProps {
  status: number;
  title: string;
  /** What was looked up or which source failed; echoed input goes in a `<bdi>`. */
  detail: ComponentChildren;
  /** Suggestions, each a short sentence. */
  hints?: string[];
  /** Shown so a visitor can quote it; the same id is in the server log. */
  requestId?: string;
}

/** A plain error page: never a stack trace, always what to try next. */
export function ErrorPage(props: ErrorPageProps) {
  return (
    <Layout title={`${props.title} · Papertrade Explorer`}>
      <h1>{props.title}</h1>
      <p class="notice">{props.detail}</p>
      {props.hints && props.hints.length > 0 && (
        <ul>
          {props.hints.map((hint) => <li key={hint}>{hint}</li>)}
        </ul>
      )}
      <p>
        <a href="/">Back to the overview</a>
      </p>
      <p class="muted">
        HTTP {props.status}
        {props.requestId && (
          <>
            · request id <code>{props.requestId}</code>
          </>
        )}
      </p>
    </Layout>
  );
}
