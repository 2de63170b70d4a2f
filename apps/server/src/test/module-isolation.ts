/**
 * The server test files that vi.mock a module. The server project shares one module graph per worker between
 * its files (vitest.config.ts, `isolate: false`), where a mock would come too late: the server was already
 * imported, unmocked, by an earlier file. These files run in the server-isolated project instead, each in a fresh
 * graph. module-isolation.test.ts keeps the list complete.
 */
export const SERVER_FILES_THAT_MOCK_MODULES = [
  "apps/server/src/modules/auth/email-flows.test.ts",
  "apps/server/src/modules/auth/login.test.ts",
];
