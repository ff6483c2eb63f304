/**
 * The server's layers for dependency-cruiser, highest first (ARCHITECTURE.md draws them). A module
 * may import its own layer and any layer below it, never one above: routes call services, services
 * call repositories, repositories call db. Spread into the `forbidden` rules of
 * .dependency-cruiser.cjs (`// server layers`). Type-only imports count: a type from a higher
 * layer is still an arrow that runs back up.
 */
const S = '^server/src/';
/** Process entry points sit above everything: they wire the layers together. */
const CLI = `${S}[^/]+/[^/]+-cli\\.ts$`;

const layers = [
  {
    name: 'entry',
    path: [`${S}(server|app|shutdown|tasks)\\.ts$`, `${S}seed/`, CLI],
    why: 'process entry points and the demo seed: they compose every layer',
  },
  {
    name: 'routes',
    path: [`${S}routes/`, `${S}plugins/`],
    why: 'Fastify route modules, route builders and plugins: the HTTP surface',
  },
  { name: 'services', path: [`${S}services/`], why: 'business rules over repositories, adapters, jobs and evidence' },
  {
    name: 'machinery',
    path: [`${S}jobs/`, `${S}evidence/`, `${S}search/`, `${S}schemas/`, `${S}backup/`],
    why: 'job queue, evidence log, search engine, schema store and backups: used by services, built on repositories',
  },
  {
    name: 'adapters',
    path: [`${S}adapters/`],
    why: 'outside services (SMS, pay, authority, notary, TSA, web) and their sandboxes',
  },
  { name: 'repositories', path: [`${S}repositories/`], why: 'SQL, one module per table group' },
  {
    name: 'support',
    path: [`${S}documents/`, `${S}security/`, `${S}storage/`],
    why: 'PDF builders, passwords and upload checks, object storage: no SQL, no business flow',
  },
  { name: 'config', path: [`${S}config\\.ts$`], why: 'settings read from the environment' },
  { name: 'egress', path: [`${S}egress/`], why: 'the only way out to the internet, with its allow-list' },
  {
    name: 'http',
    path: [`${S}http/`],
    why: 'the wire vocabulary every layer speaks: envelope and AppError, params, list queries, headers',
  },
  { name: 'db', path: [`${S}db/`], why: 'connections, prepared statements and migrations' },
];

const either = (paths) => paths.map((p) => `(${p})`).join('|');

const layerRules = layers.slice(1).map((layer, i) => ({
  name: `server-layer-${layer.name}`,
  severity: 'error',
  comment: `${layer.name} (${layer.why}) must not import a higher layer: ${layers
    .slice(0, i + 1)
    .map((l) => l.name)
    .join(', ')}`,
  from: { path: either(layer.path), pathNot: CLI },
  to: { path: either(layers.slice(0, i + 1).flatMap((l) => l.path)) },
}));

module.exports = [
  ...layerRules,
  {
    name: 'server-no-circular',
    severity: 'error',
    comment:
      'No import circles on the server: a circle is two modules that cannot be understood (or loaded) one without the other.',
    from: { path: '^server/src/' },
    to: { circular: true },
  },
];
module.exports.layers = layers;
