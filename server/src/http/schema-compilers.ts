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

/** Every deferred compilation not run yet (compileDeferred runs them). */
const deferred = new Set<() => unknown>();

/** Compiles whatever is still deferred, throwing on the first schema that does not compile. */
export function compileDeferred(): number {
  const all = [...deferred];
  for (const compileNow of all) compileNow();
  return all.length;
}

function byText(compile: Compile, defer: (compileNow: () => unknown) => unknown): Compile {
  const cache = new Map<string, unknown>();
  // Fastify calls it with { schema, method, url, httpPart | httpStatus }; only the schema shapes the result.
  return (route) => {
    const text = JSON.stringify(route.schema);
    let fn = cache.get(text);
    if (fn === undefined) {
      let compiled: unknown;
      const compileNow = () => {
        if (compiled === undefined) {
          compiled = compile(route);
          deferred.delete(compileNow);
        }
        return compiled;
      };
      deferred.add(compileNow);
      cache.set(text, (fn = defer(compileNow)));
    }
    return fn;
  };
}

/**
 * Compiled on first use, not at start-up: compiling every route's validators and serializers was
 * most of a server process's first app (3.2 of its 6-7 CPU-s to answer /api/health), for routes
 * a given process may never serve. tests/api/contract/schemas-compile.test.ts compiles them all
 * (compileDeferred), so a schema that does not compile still fails a test, not a first request.
 */
type Validator = ((data: unknown) => unknown) & { errors?: unknown };
function lazyValidator(compileNow: () => unknown): Validator {
  let fn: Validator | undefined;
  const validate: Validator = (data) => {
    fn ??= compileNow() as Validator;
    const result = fn(data);
    // Fastify reads the errors from the function it called.
    validate.errors = fn.errors;
    return result;
  };
  return validate;
}
function lazySerializer(compileNow: () => unknown): (data: unknown) => string {
  let fn: ((data: unknown) => string) | undefined;
  return (data) => (fn ??= compileNow() as (data: unknown) => string)(data);
}

const validatorPool = AjvCompiler();
const validatorsOf = new WeakMap<object, Compile>();
function buildValidator(...args: Parameters<typeof validatorPool>) {
  // The pool hands back one compile function per set of shared schemas and Ajv options.
  const compile = validatorPool(...args);
  let cached = validatorsOf.get(compile);
  if (!cached) validatorsOf.set(compile, (cached = byText(compile as unknown as Compile, lazyValidator)));
  return cached as unknown as typeof compile;
}

const serializerFactory = SerializerSelector();
const serializersOf = new Map<string, Compile>();
function buildSerializer(...args: Parameters<typeof serializerFactory>) {
  // A new compile function per app: key it by what it closes over (shared schemas, options).
  const key = JSON.stringify(args);
  let cached = serializersOf.get(key);
  if (!cached)
    serializersOf.set(key, (cached = byText(serializerFactory(...args) as unknown as Compile, lazySerializer)));
  return cached as unknown as ReturnType<typeof serializerFactory>;
}

/** Fastify's `schemaController.compilersFactory`, shared by every app in the process. */
export const sharedCompilers = { buildValidator, buildSerializer };
