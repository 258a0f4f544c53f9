/**
 * The demo has one clock: it generates its data with "now" at the wall clock, so the times its
 * pages show, its `Date` header, its session-key states and the account's "N s ago" agree with
 * each other and with the machine (issue 17 item 4). Runs `dev.ts --demo` as `deno task demo`
 * does, on a free port, and stops it.
 */
import assert from "node:assert/strict";

const ROOT = new URL("..", import.meta.url);

/** Starts the demo; resolves with its URL once it prints the ready line. */
async function startDemo(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", "dev.ts", "--demo"],
    cwd: ROOT,
    env: { PORT: "0", HOST: "127.0.0.1", NO_COLOR: "1", RUST_BACKTRACE: "0" },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const stop = async () => {
    child.kill("SIGKILL");
    await reader.cancel();
    await child.status;
  };
  let printed = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      await stop();
      throw new Error(`the demo exited before it printed its URL: ${printed}`);
    }
    printed += value;
    const url = /offline demo\): (http:\/\/127\.0\.0\.1:\d+)\//.exec(printed)?.[1];
    if (url) return { url, stop };
  }
}

/** Every absolute UTC time a page shows, in ms. */
function shownTimes(html: string): number[] {
  return [...html.matchAll(/(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC/g)].map(([, day, time]) =>
    Date.parse(`${day}T${time}Z`)
  );
}

Deno.test("the demo's pages, Date header, session keys and account age read one clock", async () => {
  const started = Date.now();
  const demo = await startDemo();
  try {
    const home = await fetch(`${demo.url}/`);
    const html = await home.text();
    const served = Date.parse(home.headers.get("date")!);
    // The newest time the overview shows (its latest trades, or a "read at" of this request) is
    // at most hours before the Date header, not weeks: both count from the same "now". The page
    // may show the second it was read, and the server's Date header is cached for up to a second
    // (longer on a loaded machine), so it may trail that by a few seconds.
    const newest = Math.max(...shownTimes(html));
    const lead = served - newest;
    assert.ok(lead > -10_000 && lead < 6 * 3_600_000, `newest ${newest}, Date ${served}`);
    assert.ok(Math.abs(served - Date.now()) < 120_000, "the Date header is the machine's time");

    // The whale's page: its account is indexed through a block of the last seconds, one session
    // key has expired and one is active, as the data says relative to its "now".
    const search = await fetch(`${demo.url}/search?q=Moby%20Dick`, { redirect: "manual" });
    await search.body?.cancel();
    const wallet = await (await fetch(`${demo.url}${search.headers.get("location")}`)).text();
    const age = /account at block [\d,]+, <time[^>]*>(\d+) s ago/.exec(wallet);
    // Counted from the data's "now", taken as the demo started: within a minute of it, plus
    // however long this machine took since then (the demo's start is not the test's to time).
    const sinceStart = (Date.now() - started) / 1000;
    assert.ok(age && Number(age[1]) < 60 + sinceStart, `account age: ${age?.[0]}`);
    assert.match(wallet, /ago<\/time><\/td><td><span class="badge expired">expired/);
    assert.match(wallet, /in 28 d<\/time><\/td><td><span class="badge ok">active/);
  } finally {
    await demo.stop();
  }
});
