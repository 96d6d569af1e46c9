// `npm run images`: every image docker-compose.yml and k8s/ name (the services, the gateway, the remotes), built from
// the root Dockerfile and tagged act/<name>:<version> (the root package.json's, docs/operations.md#versions) as
// compose and k8s name them; third-party and base images pulled, or made locally when no registry answers
// (scripts/docker/standins). Afterwards `docker compose up` (or Debian's
// `docker-compose up`) needs no other step. docs/images.md says how to pass a company CA to the build.
//   npm run images [-- --only-third-party]
//   tsx scripts/images.ts --engine      exits 0 when a Docker engine answers (npm test's docker stage asks)
import { buildAppImages, ensureThirdPartyImages, findDocker } from '@act/dev-infra/docker-images';

const startedAt = Date.now();
const docker = findDocker();
if (process.argv.includes('--engine')) process.exit(docker ? 0 : 1);
if (!docker) {
  console.error(
    'images: no Docker engine answers (start dockerd, or set DOCKER to a client that reaches one)',
  );
  process.exit(1);
}
const log = (line: string) => console.log(`images: ${line}`);
try {
  const standins = ensureThirdPartyImages(docker, log);
  if (standins.length) log(`local stand-ins: ${standins.join(', ')}`);
  if (!process.argv.includes('--only-third-party')) {
    const built = buildAppImages(docker, log);
    log(`built ${built.map((image) => image.tag).join(', ')}`);
  }
  log(`done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
} catch (error) {
  console.error(`images: ${(error as Error).message}`);
  process.exit(1);
}
