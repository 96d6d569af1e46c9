#!/usr/bin/env node
// Stand-in for the MinIO client with the commands docker-compose.yml runs: `mc alias set <name> <url> <key> <secret>`,
// `mc mb [--ignore-existing] <alias>/<bucket>` (a SigV4-signed PUT) and `mc ready <alias>`. Aliases are kept in
// ~/.mc/config.json as the real client keeps them. Test infrastructure only (see ../README.md).
/* global fetch */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const configFile = path.join(os.homedir(), '.mc', 'config.json');

function readAliases() {
  try {
    return JSON.parse(fs.readFileSync(configFile, 'utf8')).aliases ?? {};
  } catch {
    return {};
  }
}

function aliasFor(name) {
  const alias = readAliases()[name];
  if (alias) return alias;
  // As in the minio image: `local` is the server in this container.
  if (name === 'local') {
    return {
      url: 'http://127.0.0.1:9000',
      accessKey: process.env.MINIO_ROOT_USER ?? 'minioadmin',
      secretKey: process.env.MINIO_ROOT_PASSWORD ?? 'minioadmin',
    };
  }
  throw new Error(`mc: alias '${name}' is not set`);
}

const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => crypto.createHmac('sha256', key).update(data).digest();

/** An S3 request signed with AWS Signature Version 4 (empty body). */
async function s3Request(alias, method, objectPath) {
  const url = new URL(objectPath, alias.url);
  const amzDate = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const region = 'us-east-1';
  const payloadHash = sha256('');
  const headers = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
  const signedHeaders = Object.keys(headers).join(';');
  const canonical = [
    method,
    url.pathname,
    '',
    ...Object.entries(headers).map(([name, value]) => `${name}:${value}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${alias.secretKey}`, day);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  const signature = crypto.createHmac('sha256', key).update(toSign).digest('hex');
  const authorization =
    `AWS4-HMAC-SHA256 Credential=${alias.accessKey}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  const { host: _host, ...sent } = headers;
  return fetch(url, { method, headers: { ...sent, authorization } });
}

async function main(args) {
  const [command, ...rest] = args;
  if (command === 'alias' && rest[0] === 'set' && rest.length === 5) {
    const [, name, url, accessKey, secretKey] = rest;
    const aliases = { ...readAliases(), [name]: { url, accessKey, secretKey } };
    fs.mkdirSync(path.dirname(configFile), { recursive: true });
    fs.writeFileSync(configFile, JSON.stringify({ version: '10', aliases }, null, 2), { mode: 0o600 });
    console.log(`Added \`${name}\` successfully.`);
    return 0;
  }
  if (command === 'mb') {
    const ignoreExisting = rest.includes('--ignore-existing') || rest.includes('-p');
    const target = rest.find((arg) => !arg.startsWith('-'));
    const [name, bucket] = (target ?? '').split('/');
    if (!name || !bucket) throw new Error('usage: mc mb [--ignore-existing] <alias>/<bucket>');
    const response = await s3Request(aliasFor(name), 'PUT', `/${bucket}`);
    const body = await response.text();
    if (response.ok) {
      console.log(`Bucket created successfully \`${target}\`.`);
      return 0;
    }
    if (response.status === 409 && ignoreExisting) {
      console.log(`Bucket \`${target}\` already exists.`);
      return 0;
    }
    throw new Error(`mc: could not create \`${target}\`: ${response.status} ${body}`);
  }
  if (command === 'ready' && rest.length === 1) {
    // Ready when the server answers S3 requests with these credentials.
    const response = await s3Request(aliasFor(rest[0]), 'GET', '/');
    return response.ok ? 0 : 1;
  }
  console.error(
    'usage: mc alias set <name> <url> <key> <secret> | mc mb [--ignore-existing] <alias>/<bucket> | mc ready <alias>',
  );
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);
