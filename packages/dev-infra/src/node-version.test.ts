// One Node line everywhere (docs/configuration.md#node): the npm package `node` that development, the tests and CI
// run on, package.json's engines, .nvmrc, the images' NODE_IMAGE and the offline stand-in built for it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dockerfileArg, repoRoot, standinNodeMajor } from './docker-images.js';

const rootPackage = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const majorOf = (range: string) => Number(/(\d+)/.exec(range)?.[1]);

describe('the Node line', () => {
  it('is 24 in the node package, engines, .nvmrc and the images, and the tests run on it', () => {
    const major = majorOf(rootPackage.devDependencies.node);
    expect(major).toBe(24);
    expect(rootPackage.engines.node).toBe(`>=${major}`);
    expect(fs.readFileSync(path.join(repoRoot, '.nvmrc'), 'utf8').trim()).toBe(String(major));
    expect(majorOf(rootPackage.devDependencies['@types/node'])).toBe(major);
    expect(standinNodeMajor()).toBe(String(major));
    const standins = fs.readFileSync(path.join(repoRoot, 'scripts/docker/standins/Dockerfile'), 'utf8');
    expect(standins).toContain(`ARG NODE_IMAGE=${dockerfileArg('NODE_IMAGE')}\n`);
    // npm runs the suite with node_modules/.bin first on PATH, so the package's binary runs it.
    expect(Number(process.versions.node.split('.')[0])).toBe(major);
  });

  it('lets npm ci run the node package install script without asking', () => {
    expect(rootPackage.allowScripts.node).toBe(true);
  });

  it('reads the stand-in major from an official node tag and refuses other tags', () => {
    expect(standinNodeMajor('node:24-bookworm-slim')).toBe('24');
    expect(() => standinNodeMajor('registry.example/base:latest')).toThrow(/no Node major/);
  });
});
