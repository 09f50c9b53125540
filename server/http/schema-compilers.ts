// Each route's validators (typebox) and response serializers
// (fast-json-stringify) are compiled at the route's first request instead
// of when the app gets ready: compiling all of them took about a fifth of
// the main thread's CPU to the first answer, paid by every start and every
// test server, for routes most starts never see. A route's first request pays
// its own part, a fraction of a millisecond.
//
// A schema that does not compile would now fail at its route's first
// request instead of at start, so `compileAll` compiles every one at once:
// test/server/http/route-schemas.test.ts runs it over the whole app.
import { createRequire } from 'node:module';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { ValidatorFactory } from '@fastify/ajv-compiler';
import type { SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler } from 'fastify';

type Validate = ReturnType<FastifySchemaCompiler<unknown>>;

// Fastify's own default serializer builder, from the copy of the package Fastify itself loads.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const defaultSerializerBuilder = (): SerializerFactory => (fromFastify('@fastify/fast-json-stringify-compiler') as () => SerializerFactory)();

export interface DeferredSchemaCompilers {
  /**
   * For `schemaController.compilersFactory`: with it Fastify does not load
   * its default validator builder (ajv's, unused beside typebox's).
   */
  buildValidator: ValidatorFactory;
  /** For `schemaController.compilersFactory` in Fastify's options. */
  buildSerializer: SerializerFactory;
  /** Compiles every schema not compiled yet; throws the first one that fails, naming its route. */
  compileAll(): void;
}

export function deferredSchemaCompilers(): DeferredSchemaCompilers {
  // The compilations still to do (each removes itself once done).
  const pending = new Set<() => void>();
  const deferred = <F>(route: string, compile: () => F): (() => F) => {
    let compiled: F | undefined;
    const once = () => {
      if (compiled === undefined) {
        try {
          compiled = compile();
        } catch (error) {
          throw new Error(`the schema of ${route} does not compile: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
        pending.delete(once);
      }
      return compiled;
    };
    pending.add(once);
    return once;
  };

  const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
    const validator = deferred(`${route.method} ${route.url} (${route.httpPart ?? 'body'})`, () => TypeBoxValidatorCompiler(route as never) as Validate);
    const validate = ((data: unknown) => {
      const compiled = validator();
      const result = compiled(data);
      // Fastify reads `errors` off the function it was given when a validator answers false.
      (validate as { errors?: unknown }).errors = (compiled as { errors?: unknown }).errors;
      return result;
    }) as Validate;
    return validate;
  };

  const buildSerializer: SerializerFactory = (externalSchemas, serializerOptions) => {
    const compile = defaultSerializerBuilder()(externalSchemas, serializerOptions);
    return (route) => {
      const serializer = deferred(`${route.method} ${route.url} (response ${route.httpStatus})`, () => compile(route));
      return (data: unknown) => serializer()(data);
    };
  };

  return {
    // Fastify calls what the factory builds with the route, as a validator compiler; ajv-compiler's type names its own arguments.
    buildValidator: (() => validatorCompiler) as unknown as ValidatorFactory,
    buildSerializer,
    compileAll() {
      for (const compile of [...pending]) compile();
    },
  };
}
