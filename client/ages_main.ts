/** Browser entry of `static/build/ages.js`: the pages whose ages tick without an island load it. */
import { tickAges } from "./ages.ts";

tickAges(document, { now: () => Date.now(), every: (tick, ms) => setInterval(tick, ms) });
