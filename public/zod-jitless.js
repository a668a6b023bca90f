// Runs before the app's modules: zod builds object parsers with `new Function` when it may, and even its probe
// for that is a violation of the Content-Security-Policy (script-src 'self', no 'unsafe-eval'). zod reads this
// global config when its first module loads.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
