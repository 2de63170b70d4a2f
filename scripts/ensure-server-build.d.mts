export declare const serverBundle: string;
export declare const serverCommand: { cwd: string; args: string[] };
export declare function ensureServerBuild(): Promise<boolean>;
