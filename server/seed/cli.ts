// `npm run seed` seeds the demo centre into an empty database; `npm run seed -- --reset` first empties every
// table. Works on whichever database the environment points to (DATA_DIR or DATABASE_URL); stop a server
// that uses the same PGlite data directory first.
import { configFromEnv } from '../config';
import { migrate, openDb } from '../db/client';
import { formatSignIns, resetData, seedDemoIfEmpty } from './demo';

const reset = process.argv.slice(2).includes('--reset');
const config = configFromEnv();
const handle = await openDb(config);
try {
  await migrate(handle.db);
  if (reset) {
    await resetData(handle.db);
    console.log('Emptied every table.');
  }
  if (await seedDemoIfEmpty(handle.db, config.scryptN)) {
    console.log(`Seeded the demo centre. Sign-ins:\n${formatSignIns()}`);
  } else {
    console.log('The database already has employees; nothing seeded. Use `npm run seed -- --reset` to start over.');
  }
} finally {
  await handle.close();
}
