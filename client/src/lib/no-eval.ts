/**
 * Zod compiles object schemas with `new Function` when it may; the page's Content-Security-Policy
 * forbids eval, and the browser reports even Zod's caught probe as a violation. Zod reads this
 * global configuration object when it loads (it is how copies of Zod share one): set before any
 * schema exists, it parses without compiling and never probes. The server keeps the compiled
 * parsers. Imported first by main.tsx, at no cost to the first load (no Zod in it).
 */
((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;
