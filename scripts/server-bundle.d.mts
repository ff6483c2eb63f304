/** Types of scripts/server-bundle.mjs for the TypeScript files that import it. */
export declare const SERVER_ENTRIES: Record<
  'server' | 'worker' | 'seed' | 'storage-migrate' | 'backup' | 'restore' | 'witness',
  string
>;
/** Builds server/dist/<name>.mjs for every entry; returns each bundle's path by name. */
export declare function buildServerBundle(): Record<keyof typeof SERVER_ENTRIES, string>;
