/**
 * The page tests' names for the harness in `_app.ts`, kept so their imports stay put; new tests
 * import `./_app.ts` directly.
 */
export {
  catalog,
  type PagesContext,
  SCRIPT_NAME,
  TEST_SITE_URL as SITE_URL,
  withPages,
} from "./_app.ts";
