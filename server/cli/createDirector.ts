// `npm run create-director`: asks for a full name, a phone and a password (typed twice, not echoed) and
// creates a DIRECTOR with every page. The way into a real installation, where DEMO=0 seeds nobody.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { configFromEnv } from '../config';
import { migrate, openDb } from '../db/client';
import { DIRECTOR_PASSWORD_MIN, createDirector, directorInputProblem } from '../domain/staff/directors';
import { describeErrorBriefly } from '../log/redact';

// readline echoes what is typed through its output stream; muting that stream hides the password.
let muted = false;
const output = new Writable({
  write(chunk, encoding, done) {
    if (!muted) process.stdout.write(chunk, encoding);
    done();
  },
});
const rl = createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
// Lines are read through the iterator, which buffers them, so piped input works too.
const lines = rl[Symbol.asyncIterator]();

async function ask(prompt: string, hidden = false): Promise<string> {
  process.stdout.write(prompt);
  muted = hidden;
  try {
    const line = await lines.next();
    if (line.done) throw new Error('Input ended before all answers were given.');
    return line.value;
  } finally {
    muted = false;
    if (hidden) process.stdout.write('\n');
  }
}

const config = configFromEnv();
const handle = await openDb(config);
let exitCode = 0;
try {
  await migrate(handle.db);
  const fullName = await ask('Full name: ');
  const phone = await ask('Phone (+998XXXXXXXXX): ');
  const password = await ask(`Password (at least ${DIRECTOR_PASSWORD_MIN} characters): `, true);
  const repeat = await ask('Repeat the password: ', true);
  const problem = password !== repeat ? 'The passwords do not match.' : directorInputProblem({ fullName, phone, password });
  if (problem) throw new Error(problem);
  const id = await createDirector(handle.db, { fullName, phone, password }, config.scryptN);
  console.log(`Created director #${id}. Sign in at /login with that phone and password.`);
} catch (err) {
  console.error(describeErrorBriefly(err));
  exitCode = 1;
} finally {
  rl.close();
  await handle.close();
}
process.exit(exitCode);
