/**
 * Which way imports may point (issue #30): `npm run lint:deps` fails on any of these.
 *
 *   client (src/)  ──>  contract (src/schemas)  <──  server (server/src)
 *
 * The contract is what client and server share: JSON data, types and pure functions. It imports
 * nothing from either side and no UI or HTTP library, so the server can load it and the client
 * bundle gets no server code.
 */

/** Libraries the contract may use: validation and hashing that run the same in a browser and in Node. */
const CONTRACT_PACKAGES = ['ajv', 'ajv-formats', 'crypto-js'];
/** Dependency types of a package or a Node built-in, as opposed to a file of this repository. */
const PACKAGE_TYPES = [
  'core',
  'npm',
  'npm-dev',
  'npm-optional',
  'npm-peer',
  'npm-bundled',
  'npm-no-pkg',
  'npm-unknown',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: modules that cannot be understood (or loaded) one without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-not-to-server',
      severity: 'error',
      comment: 'Client code reads what the server answers from the contract (src/schemas), never from server/.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-only-contract-from-src',
      severity: 'error',
      comment: 'From src/ the server imports only the contract (src/schemas); what it needs of the client moves there.',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/schemas/' },
    },
    {
      name: 'contract-stays-inside',
      severity: 'error',
      comment: 'The contract imports no file of the client, the server or anywhere else: it stays inside src/schemas.',
      from: { path: '^src/schemas/' },
      to: { dependencyTypesNot: PACKAGE_TYPES, pathNot: '^src/schemas/' },
    },
    {
      name: 'contract-pure-packages',
      severity: 'error',
      comment:
        'The contract uses no UI or HTTP library (React, antd, axios, RJSF, Refine) and no Node built-in ' +
        `(the browser loads it too); only ${CONTRACT_PACKAGES.join(', ')}.`,
      from: { path: '^src/schemas/' },
      to: {
        dependencyTypes: PACKAGE_TYPES,
        pathNot: `node_modules/(${CONTRACT_PACKAGES.join('|')})/`,
      },
    },

    // server layers, highest first (server/.layers.cjs, drawn in ARCHITECTURE.md)
    ...require('./server/.layers.cjs'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a client file typed after a server module still depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
