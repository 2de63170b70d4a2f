import type { AppConfig } from "../config";
import { S3Storage } from "./s3-storage";
import { type FileStorage, LocalDiskStorage } from "./storage";

/** The store STORAGE_DRIVER names: the bucket (S3_*) or DATA_DIR/uploads on this machine. */
export function createFileStorage(config: Pick<AppConfig, "storage" | "dataDir">): FileStorage {
  if (config.storage.s3) return new S3Storage(config.storage.s3);
  return new LocalDiskStorage(`${config.dataDir}/uploads`);
}
