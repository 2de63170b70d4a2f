/**
 * Points the test servers of one fault test at its private services: startTestServer
 * reads DATABASE_URL and REDIS_URL from the environment. Answers a function that
 * puts the environment back.
 */
export function usingServices(services: { databaseUrl?: string; redisUrl?: string }): () => void {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL };
  const set = (name: "DATABASE_URL" | "REDIS_URL", value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  set("DATABASE_URL", services.databaseUrl);
  set("REDIS_URL", services.redisUrl);
  return () => {
    set("DATABASE_URL", saved.DATABASE_URL);
    set("REDIS_URL", saved.REDIS_URL);
  };
}

/** Polls until the condition holds, or fails after the timeout. */
export async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await condition().catch(() => false)) return;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
