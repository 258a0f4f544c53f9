import type { Operation } from "../lib/papertrade/mod.ts";
import { operationJson } from "../tools/_json_intents.ts";
import { IntentFields } from "./IntentFields.tsx";
import { IntentLink, TxLink } from "./links.tsx";
import { shortHex } from "./format.ts";
import { Time } from "./Time.tsx";

/** Intents the relayer accepted for a wallet and has not settled, each linking to its page. */
export function PendingIntentsTable(
  props: { wallet: string; operations: Operation[]; now: number },
) {
  if (props.operations.length === 0) {
    return <p class="muted">Nothing pending: the relayer holds no intents for this wallet.</p>;
  }
  return (
    <div class="table-wrap" tabIndex={0}>
      <table>
        <caption>Accepted by the relayer, not yet settled on HyperEVM</caption>
        <thead>
          <tr>
            <th scope="col">Intent</th>
            <th scope="col">Action</th>
            <th scope="col">Status</th>
            <th scope="col" class="num">Queue position</th>
            <th scope="col">Accepted</th>
            <th scope="col">Deadline</th>
            <th scope="col">Signed by</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {props.operations.map((operation) => {
            const json = operationJson(operation);
            return (
              <tr>
                <td>
                  <IntentLink id={json.intent_id} wallet={props.wallet} />
                </td>
                <td>{json.action}</td>
                <td>
                  {json.status}
                  {json.tx_hash && (
                    <>
                      {" in "}
                      <TxLink hash={json.tx_hash} />
                    </>
                  )}
                </td>
                <td class="num">{json.queue_position}</td>
                <td>
                  {json.accepted_at
                    ? <Time at={Date.parse(json.accepted_at)} now={props.now} />
                    : "n/a"}
                </td>
                <td>
                  {json.deadline ? <Time at={Date.parse(json.deadline)} now={props.now} /> : "n/a"}
                </td>
                <td class="mono" title={json.signer}>
                  {json.signer === props.wallet
                    ? "the wallet"
                    : `session key ${shortHex(json.signer)}`}
                </td>
                <td class="wrap">
                  <IntentFields fields={json.params} wallet={props.wallet} now={props.now} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
