/** Types of scripts/server-bundle.mjs for the TypeScript files that import it. */
export declare const SERVER_BUNDLE: string;
/** Builds server/dist/server.mjs (or `outFile`) and returns its path. */
export declare function buildServerBundle(outFile?: string): string;
