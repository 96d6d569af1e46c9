// Keeps the size rules of docs/architecture.md#size-rules: a new long module, function, component or stylesheet
// fails here with its place and length, so it is split when it is written, not in a later refactor.
import { describe, expect, it } from 'vitest';
import { describeViolation, LIMITS, sizeViolations } from './code-size.js';

describe('size rules', () => {
  it('holds for every non-test module, function, component, hook and stylesheet', () => {
    expect(sizeViolations().map(describeViolation)).toEqual([]);
  });

  it('would catch a long function, component and family file', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { execFileSync } = await import('node:child_process');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'code-size-'));
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    fs.mkdirSync(path.join(root, 'remotes/x/src'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'remotes/x/src/long.ts'),
      `export function long() {\n${body(LIMITS.plainFunction)}\n}\n`,
    );
    fs.writeFileSync(
      path.join(root, 'remotes/x/src/page.tsx'),
      `export function Page() {\n${body(LIMITS.componentOrHook)}\n  return null;\n}\n`,
    );
    // A factory is as long as its own statements: the functions it returns are measured on their own.
    const methods = Array.from({ length: 8 }, (_, i) => `    m${i}() {\n${body(40)}\n    },`).join('\n');
    fs.writeFileSync(
      path.join(root, 'remotes/x/src/factory.ts'),
      `export function make() {\n  return {\n${methods}\n  };\n}\n`,
    );
    execFileSync('git', ['init', '-q'], { cwd: root });
    const found = sizeViolations(root).map(describeViolation);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^remotes\/x\/src\/long\.ts:1 function long: 82 lines/),
        expect.stringMatching(/^remotes\/x\/src\/page\.tsx:1 component or hook Page: 153 lines/),
        expect.stringMatching(/^remotes\/x\/src\/factory\.ts family file: \d+ lines \(limit 300\)/),
      ]),
    );
    expect(found.some((line) => line.includes('function make'))).toBe(false);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
