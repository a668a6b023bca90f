// The fake Bot API as its own process for the browser tests: `node --import tsx tests/fakes/telegramMain.ts <port>`.
import { startFakeTelegram } from './telegram';

const port = Number(process.argv[2]);
const fake = await startFakeTelegram(process.env.TELEGRAM_BOT_TOKEN ?? '123456:E2E-token', 'markaz_e2e_bot', port);
console.log(`fake Telegram Bot API at ${fake.baseUrl}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
