import assert from "node:assert/strict";
import { SAMPLE_TOOLS } from "../../tests/support/sample_tools.ts";
import { A2A_PROTOCOL_VERSION, buildAgentCard } from "./agent_card.ts";

// Required AgentCard and AgentSkill fields of A2A 0.3 (as in @a2a-js/sdk's compat/v0_3 types).
const REQUIRED_CARD = [
  "capabilities",
  "defaultInputModes",
  "defaultOutputModes",
  "description",
  "name",
  "protocolVersion",
  "skills",
  "url",
  "version",
];
const REQUIRED_SKILL = ["description", "id", "name", "tags"];

Deno.test("the agent card has every required A2A 0.3 field with the right types", () => {
  const card = buildAgentCard({ siteUrl: "https://explorer.example", tools: SAMPLE_TOOLS });
  for (const key of REQUIRED_CARD) assert.ok(key in card, `missing ${key}`);
  assert.equal(card.protocolVersion, A2A_PROTOCOL_VERSION);
  assert.equal(card.url, "https://explorer.example/mcp");
  assert.equal(typeof card.capabilities, "object");
  for (
    const mode of [...card.defaultInputModes as string[], ...card.defaultOutputModes as string[]]
  ) {
    assert.match(mode, /^[a-z]+\/[a-z+.-]+$/);
  }
});

Deno.test("there is one skill per tool, in order, with tags and an example", () => {
  const card = buildAgentCard({ siteUrl: "https://explorer.example", tools: SAMPLE_TOOLS });
  const skills = card.skills as Record<string, unknown>[];
  assert.deepEqual(skills.map((skill) => skill.id), SAMPLE_TOOLS.map((tool) => tool.name));
  for (const skill of skills) {
    for (const key of REQUIRED_SKILL) assert.ok(key in skill, `skill misses ${key}`);
    assert.ok((skill.tags as string[]).includes("read-only"));
    assert.equal((skill.examples as string[]).length, 1);
  }
  assert.deepEqual(skills[1].tags, ["papertrade", "hyperevm", "wallet", "read-only"]);
  assert.match((skills[1].examples as string[])[0], /^get_wallet \{"address":"0x[0-9a-f]{40}"\}$/);
});
