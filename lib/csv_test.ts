import assert from "node:assert/strict";
import { csvCell, csvLine } from "./csv.ts";

Deno.test("csv cells are quoted only when they hold a comma or a quote", () => {
  assert.equal(csvCell("plain"), "plain");
  assert.equal(csvCell("a,b"), '"a,b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell("two\nlines"), "two lines", "line breaks become spaces");
  assert.equal(csvCell(null), "");
  assert.equal(csvCell(undefined), "");
  assert.equal(csvCell(false), "false");
  assert.equal(csvCell(12n), "12");
});

Deno.test("csv cells that a spreadsheet would run as a formula get a leading apostrophe", () => {
  assert.equal(csvCell('=HYPERLINK("http://x")'), '"\'=HYPERLINK(""http://x"")"');
  assert.equal(csvCell("+cmd"), "'+cmd");
  assert.equal(csvCell("-1+2"), "'-1+2");
  assert.equal(csvCell("@SUM(A1)"), "'@SUM(A1)");
  assert.equal(csvCell("\tx"), "'\tx");
});

Deno.test("plain signed numbers stay numbers so losses still add up in a spreadsheet", () => {
  assert.equal(csvCell("-97.779548721795112194"), "-97.779548721795112194");
  assert.equal(csvCell(-3.5), "-3.5");
  assert.equal(csvCell("+12"), "+12");
});

Deno.test("a csv document has a header and CRLF after every line", () => {
  const text = [["a", "b"], ["1", "x,y"], [null, "=1"]].map(csvLine).join("");
  assert.equal(text, 'a,b\r\n1,"x,y"\r\n,\'=1\r\n');
});

Deno.test("formulas hidden behind spaces, invisible or bidi characters, or written full-width are neutralised", () => {
  const hidden = [
    " =1+1",
    "\u00a0=1+1",
    "\u3000+1",
    "\u200b=cmd",
    "\u200e@SUM(A1)",
    "\u202e=1",
    "\u2066-2+3",
    "\ufeff=1",
    "\uff1dSUM(A1)",
    "\uff0b1",
    "\uff0d1",
    "\uff20A1",
    " \t=1",
    " -1",
  ];
  for (const text of hidden) {
    const cell = csvCell(text);
    assert.ok(cell.startsWith("'") || cell.startsWith(`"'`), JSON.stringify(text));
  }
  assert.equal(csvCell("name\r\n=HYPERLINK(1)"), "name =HYPERLINK(1)", "no new line, no new cell");
  assert.equal(csvCell("\u2028=1"), "' =1");
  assert.equal(csvCell("ordinary name"), "ordinary name");
});
