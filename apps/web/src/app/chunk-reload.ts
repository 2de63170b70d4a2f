/**
 * A script chunk that fails to load (usually a deploy replaced it) triggers one
 * full reload (spec §8). The timestamp guard stops a reload loop when the
 * chunk is really gone or the network is down.
 */
const RELOADED_AT_KEY = "velvet.chunk-reload-at";
const RELOAD_GUARD_MS = 10_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|ChunkLoadError/i.test(
    error.message,
  );
}

export function reloadForFreshChunks(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? "0");
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    // Without storage we cannot guard against loops; reload anyway, once per page life.
  }
  window.location.reload();
  return true;
}

export function withChunkReload<T>(importer: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await importer();
    } catch (error) {
      if (isChunkLoadError(error) && reloadForFreshChunks()) return new Promise<never>(() => {});
      throw error;
    }
  };
}

export function listenForPreloadErrors(): void {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadForFreshChunks()) event.preventDefault();
  });
}
