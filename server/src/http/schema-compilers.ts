import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Route validators and response serializers, compiled once per process. Fastify builds new compiler
 * pools per instance unless given one, and Ajv caches a compiled schema by object identity, while
 * routes build their schema objects anew in every app: a second app (the test suites build one per
 * file, some several) compiled every validator (0.4-1 s of each app's start-up) and every response
 * serializer again. So compiled functions are kept by the schema's text, per compiler (one per set
 * of shared schemas and options). Neither keeps state between calls but a validator's `errors`,
 * which Fastify reads right after the call, as it does within one app.
 */
type RouteSchema = { schema: unknown };
type Compile = (route: RouteSchema) => unknown;

function byText(compile: Compile): Compile {
  const cache = new Map<string, unknown>();
  // Fastify calls it with { schema, method, url, httpPart | httpStatus }; only the schema shapes the result.
  return (route) => {
    const text = JSON.stringify(route.schema);
    let fn = cache.get(text);
    if (fn === undefined) cache.set(text, (fn = compile(route)));
    return fn;
  };
}

const validatorPool = AjvCompiler();
const validatorsOf = new WeakMap<object, Compile>();
function buildValidator(...args: Parameters<typeof validatorPool>) {
  // The pool hands back one compile function per set of shared schemas and Ajv options.
  const compile = validatorPool(...args);
  let cached = validatorsOf.get(compile);
  if (!cached) validatorsOf.set(compile, (cached = byText(compile as unknown as Compile)));
  return cached as unknown as typeof compile;
}

const serializerFactory = SerializerSelector();
const serializersOf = new Map<string, Compile>();
function buildSerializer(...args: Parameters<typeof serializerFactory>) {
  // A new compile function per app: key it by what it closes over (shared schemas, options).
  const key = JSON.stringify(args);
  let cached = serializersOf.get(key);
  if (!cached) serializersOf.set(key, (cached = byText(serializerFactory(...args) as unknown as Compile)));
  return cached as unknown as ReturnType<typeof serializerFactory>;
}

/** Fastify's `schemaController.compilersFactory`, shared by every app in the process. */
export const sharedCompilers = { buildValidator, buildSerializer };
