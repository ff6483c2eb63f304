/** Types of scripts/client-build.mjs for the TypeScript files that import it. */
export declare function clientInputsHash(opts?: { root?: string; env?: NodeJS.ProcessEnv }): string;
export declare function buildClientIfChanged(opts?: {
  root?: string;
  outDir?: string;
  build?: (outDir: string) => void;
}): boolean;
export declare function startClientBuildIfChanged(opts?: {
  root?: string;
  outDir?: string;
  build?: (outDir: string) => Promise<void>;
}): Promise<void> | null;
