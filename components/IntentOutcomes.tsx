import type { EndedIntent } from "../lib/papertrade/mod.ts";
import { IntentLink } from "./links.tsx";
import { Time } from "./Time.tsx";

/** Outcomes of a wallet's recent intents, as the live stream reported them, newest first. */
export function IntentOutcomes(props: { wallet: string; outcomes: EndedIntent[]; now: number }) {
  if (props.outcomes.length === 0) {
    return (
      <p class="muted">
        No intent outcomes reported yet: they appear while the wallet's live stream is open.
      </p>
    );
  }
  return (
    <div class="table-wrap">
      <table>
        <caption>Recent outcomes reported by the live stream, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Intent</th>
            <th scope="col">Outcome</th>
            <th scope="col">Reported</th>
          </tr>
        </thead>
        <tbody>
          {props.outcomes.map((item) => (
            <tr>
              <td>
                <IntentLink id={item.intentId} wallet={props.wallet} />
              </td>
              <td>{item.outcome}</td>
              <td>
                <Time at={item.reportedAt} now={props.now} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
