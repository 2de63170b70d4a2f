import { z } from "zod";

/**
 * Where uploads live (STORAGE_DRIVER, S3_*), spread into the environment schema of config.ts. Local disk suits one
 * machine; several machines share an S3 bucket (docs/deployment.md).
 */
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

export const storageEnvShape = {
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: optionalString.pipe(z.string().url().optional()),
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.string().url().optional()),
};

type StorageEnv = z.infer<z.ZodObject<typeof storageEnvShape>>;

export interface StorageConfig {
  driver: "local" | "s3";
  /** Set with STORAGE_DRIVER=s3. */
  s3?: {
    /** S3_ENDPOINT: the store's address (unset: AWS's own endpoint for S3_REGION). */
    endpoint: string | undefined;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    /** S3_PUBLIC_URL: where browsers read public files (a CDN in front of the bucket); unset: through the app. */
    publicUrl: string | undefined;
  };
}

export function storageConfigFrom(env: StorageEnv): StorageConfig {
  if (env.STORAGE_DRIVER === "local") return { driver: "local" };
  return {
    driver: "s3",
    s3: {
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET ?? "",
      accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
      publicUrl: env.S3_PUBLIC_URL,
    },
  };
}

/** STORAGE_DRIVER=s3 without a bucket or credentials fails at the first upload: refuse to start instead. */
export function storageStartProblem(storage: StorageConfig): string | undefined {
  if (!storage.s3) return undefined;
  const missing = [
    storage.s3.bucket ? undefined : "S3_BUCKET",
    storage.s3.accessKeyId ? undefined : "S3_ACCESS_KEY_ID",
    storage.s3.secretAccessKey ? undefined : "S3_SECRET_ACCESS_KEY",
  ].filter((name) => name !== undefined);
  return missing.length > 0 ? `STORAGE_DRIVER=s3 needs ${missing.join(", ")}` : undefined;
}
