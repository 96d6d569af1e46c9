#!/usr/bin/env node
// Stand-in for `minio server <dir>`: s3rver (an S3 protocol server) on :9000 keeping its objects in <dir>, accepting
// the MINIO_ROOT_USER / MINIO_ROOT_PASSWORD key pair. Test infrastructure only (see ../README.md).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver');
const AWSAccount = require('s3rver/lib/models/account');

const [command, directory] = process.argv.slice(2);
if (command !== 'server' || !directory) {
  console.error('usage: minio server <dir> [--console-address <addr>]');
  process.exit(2);
}
const user = process.env.MINIO_ROOT_USER ?? 'minioadmin';
const password = process.env.MINIO_ROOT_PASSWORD ?? 'minioadmin';
AWSAccount.DUMMY_ACCOUNT.createKeyPair(user, password);

const server = new S3rver({ address: '0.0.0.0', port: 9000, directory, silent: true, vhostBuckets: false });
await server.run();
console.log(`S3-API: http://0.0.0.0:9000 (objects in ${directory})`);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close().then(() => process.exit(0));
  });
}
