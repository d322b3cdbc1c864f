/**
 * zod without its compiled object parsers (`jitless`): otherwise the first object schema
 * made probes `new Function("")`, which our Content-Security-Policy (no 'unsafe-eval')
 * refuses and reports in the browser, though zod catches the error. It must be set before
 * any schema is made, so this is the first import of the root route (the browser evaluates
 * the route modules before the entry) and of the server's entry (server/app.ts).
 *
 * Written to the object zod keeps its configuration in, `globalThis.__zod_globalConfig`
 * (shared by every copy of zod on the page), rather than through `z.config()`: importing zod
 * here would add its core to every page, those without forms too.
 * zod-config.test.ts checks that zod reads it.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

// In place: a zod already loaded holds on to the object it found.
((globalThis as ZodGlobal).__zod_globalConfig ??= {}).jitless = true;

export {};
