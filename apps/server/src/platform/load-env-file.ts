import path from "node:path";
import { config as loadDotenv } from "dotenv";
import { repoRoot } from "./paths";

/** Reads the repository's .env (if any) into process.env; real environment variables win. */
export function loadEnvFile(): void {
  loadDotenv({ path: path.join(repoRoot, ".env"), quiet: true });
}
