// Runs the fake YouTube on its own (e2e): `PORT=8190 tsx services/youtube/src/test-support/fake-youtube-main.ts`.
// Prints `fake-youtube listening on <url>`; give that URL to the service as YOUTUBE_BASE_URL and
// YOUTUBE_THUMBNAIL_BASE_URL.
import { startFakeYoutube } from './fake-youtube';

const fake = await startFakeYoutube(undefined, Number(process.env.PORT ?? 0));
console.log(`fake-youtube listening on ${fake.baseUrl}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
