/**
 * A figure whose name says payout is the payout: what a close pays back (the margin plus the PnL
 * if closed), never below zero. Checked on every tool field, page cell and CSV column whose name
 * says payout, for every demo wallet with open positions, at the replay's marks and with each
 * market's mark pinned far past every long's bust and then every short's.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import {
  type Faces,
  numbersNamed,
  parseCsv,
  stringsNamed,
  WALLETS_WITH_POSITIONS,
  withFaces,
} from "./support/faces.ts";
import { TOOLS } from "../tools/registry.ts";
import { getPositionsTool } from "../tools/get_positions.ts";
import { getPositionsAtRiskTool } from "../tools/get_positions_at_risk.ts";
import { getProtocolOverviewTool } from "../tools/get_protocol_overview.ts";

const PAYOUT = /payout/i;

type Found = [where: string, value: number | string];
const from = (face: string, pairs: [string, number | string][]): Found[] =>
  pairs.map(([at, value]) => [`${face} ${at}`, value]);

/** Every payout a face shows for the demo wallets, as `[where, value]` (a value is text on pages). */
async function payouts(faces: Faces): Promise<Found[]> {
  const found: Found[] = [];
  for (const wallet of WALLETS_WITH_POSITIONS) {
    const { structured } = await faces.tool(getPositionsTool, { address: wallet.address });
    found.push(...from("get_positions", numbersNamed(structured, PAYOUT)));
    const view = JSON.parse((await faces.get(`/wallet/${wallet.address}/positions.json`)).body);
    found.push(...from("positions.json", stringsNamed(view, PAYOUT)));
    const page = parseHTML((await faces.get(`/wallet/${wallet.address}`)).body).document;
    for (const cell of page.querySelectorAll("td[data-label]")) {
      const label = cell.getAttribute("data-label") ?? "";
      if (PAYOUT.test(label)) found.push([`wallet page ${label}`, cell.textContent!.trim()]);
    }
    for (const path of [`/wallet/${wallet.address}/trades.csv`, "/leaderboard.csv"]) {
      const [header, ...rows] = parseCsv((await faces.get(path)).body);
      header.forEach((name, column) => {
        if (!PAYOUT.test(name)) return;
        for (const row of rows) found.push([`${path} ${name}`, Number(row[column])]);
      });
    }
  }
  const board = await faces.tool(getPositionsAtRiskTool, { limit: 100 });
  found.push(...from("at-risk", numbersNamed(board.structured, PAYOUT)));
  const overview = await faces.tool(getProtocolOverviewTool, {});
  found.push(...from("overview", numbersNamed(overview.structured, PAYOUT)));
  return found;
}

function assertNeverNegative(found: Found[], when: string) {
  assert.ok(found.some(([, value]) => value !== null), `${when}: payouts were found`);
  for (const [where, value] of found) {
    if (typeof value === "number") assert.ok(value >= 0, `${when}: ${where} is ${value}`);
    else assert.doesNotMatch(value, /^[-−]/, `${when}: ${where} reads ${value}`);
  }
}

Deno.test("no tool field, page cell or CSV column named payout is ever negative", async () => {
  await withFaces(async (faces) => {
    assertNeverNegative(await payouts(faces), "at the replay's marks");
    // Far past every long's bust (a mark of 1 raw unit), then every short's.
    await faces.pinMarks({ 0: 1n, 1: 1n });
    const low = await payouts(faces);
    assertNeverNegative(low, "marks at the floor");
    assert.ok(low.some(([, value]) => value === 0 || value === "$0.00"), "a bust pays nothing");
    await faces.pinMarks({ 0: 10n ** 12n, 1: 10n ** 12n });
    assertNeverNegative(await payouts(faces), "marks sky high");
  });
});

Deno.test("every tool's output field named payout is the payout: no other figure carries the name", () => {
  // The close PnL once travelled as estimated_close_payout_usd: the name said payout, the number
  // was the PnL (negative on a loss). A payout field is described as what a close pays back.
  type Node = {
    properties?: Record<string, Node>;
    items?: Node;
    type?: string | string[];
    anyOf?: Node[];
    description?: string;
  };
  const isNumber = (node: Node): boolean =>
    [node.type].flat().includes("number") || (node.anyOf ?? []).some(isNumber);
  const named = (node: Node, path: string): [string, string][] => [
    ...Object.entries(node.properties ?? {}).flatMap(([key, child]): [string, string][] => [
      ...(PAYOUT.test(key) && isNumber(child)
        ? [[`${path}.${key}`, child.description ?? ""] as [string, string]]
        : []),
      ...named(child, `${path}.${key}`),
    ]),
    ...(node.items ? named(node.items, `${path}[]`) : []),
  ];
  const fields = TOOLS.flatMap((tool) =>
    named(tool.outputSchema.toJSONSchema({ io: "input" }) as Node, tool.name)
  );
  assert.ok(fields.length > 0);
  for (const [path, description] of fields) {
    assert.match(description, /pay back|paid back|owed/i, `${path}: ${description}`);
    assert.doesNotMatch(path, /close_payout/, `${path} names the PnL as a payout`);
  }
});
