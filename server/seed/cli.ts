// `npm run seed` seeds the demo centre into an empty database; `npm run seed -- --reset` first empties every
// table. `npm run seed -- --scale [N] [--seed S]` then adds a generated chain of N students (100 000 when N is
// left out) on top: see docs/scale-data.md. Works on whichever database the environment points to (DATA_DIR or
// DATABASE_URL); stop a server that uses the same PGlite data directory first.
import { parseArgs } from 'node:util';
import { configFromEnv } from '../config';
import { migrate, openDb } from '../db/client';
import { formatSignIns, resetData, seedDemoIfEmpty } from './demo';
import { SCALE_TABLES, seedScale } from './scale';

const DEFAULT_SCALE = 100_000;

// `--scale` may stand alone (the default size) or be followed by a number; parseArgs wants a value, so a bare
// `--scale` gets one before parsing.
const argv = process.argv.slice(2);
const scaleAt = argv.indexOf('--scale');
if (scaleAt >= 0 && !/^\d+$/.test(argv[scaleAt + 1] ?? '')) argv.splice(scaleAt + 1, 0, String(DEFAULT_SCALE));
const { values } = parseArgs({
  args: argv,
  options: { reset: { type: 'boolean' }, scale: { type: 'string' }, seed: { type: 'string' } },
  strict: true,
});
const positive = (name: string, text: string | undefined) => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} takes a positive whole number, got "${text}"`);
  return n;
};
const scale = positive('scale', values.scale);
const seed = positive('seed', values.seed);

const config = configFromEnv();
const handle = await openDb(config);
try {
  await migrate(handle.db);
  if (values.reset) {
    await resetData(handle.db);
    console.log('Emptied every table.');
  }
  if (await seedDemoIfEmpty(handle.db, config.scryptN)) {
    console.log(`Seeded the demo centre. Sign-ins:\n${formatSignIns()}`);
  } else if (scale === undefined) {
    console.log('The database already has employees; nothing seeded. Use `npm run seed -- --reset` to start over.');
  }
  if (scale !== undefined) {
    console.log(`Generating ${scale} students (seed ${seed ?? 1}) on ${handle.kind}...`);
    const summary = await seedScale(handle, { students: scale, seed, scryptN: config.scryptN, log: (line) => console.log(line) });
    const width = Math.max(...SCALE_TABLES.map((t) => t.length));
    console.log(`\nRows added in ${summary.seconds} s (${summary.branches} branches):`);
    for (const t of SCALE_TABLES) console.log(`  ${t.padEnd(width)}  ${summary.counts[t].toLocaleString('en-US').padStart(11)}`);
  }
} finally {
  await handle.close();
}
