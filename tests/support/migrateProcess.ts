// One process applying the migrations, for the test of several servers starting together on an empty database:
// `node --import tsx tests/support/migrateProcess.ts <DATABASE_URL>`.
import { migrate, postgresHandle } from '../../server/db/client';

const handle = postgresHandle(process.argv[2]);
try {
  await migrate(handle.db);
} finally {
  await handle.close();
}
