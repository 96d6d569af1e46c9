// Runs the fake fal queue on its own (e2e, `npm start` without a key is not this: that leaves text to image off):
// `PORT=8191 tsx services/image/src/test-support/fake-fal-main.ts`. Prints `fake-fal listening on <url>`; give that
// URL to the image service as FAL_BASE_URL with any FAL_KEY.
import { startFakeFal } from './fake-fal';

const fake = await startFakeFal(Number(process.env.PORT ?? 0));
console.log(`fake-fal listening on ${fake.baseUrl}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
