// The size rules of docs/architecture.md#size-rules, measured: a module a newcomer opens is read in one sitting, a
// function on one screen or two. `npx tsx scripts/code-size.ts` lists what breaks them; code-size.test.ts keeps
// the list empty.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const LIMITS = {
  module: 450,
  familyFile: 300,
  plainFunction: 80,
  componentOrHook: 150,
  css: 400,
} as const;

/**
 * Data tables, not code: read by lookup, never top to bottom. Each names why it may be long; nothing else may be.
 */
export const DATA_TABLES: Record<string, string> = {
  'services/prompt/src/providers/magic-enhance-rules.ts': 'the local enhancer’s word tables',
  'packages/contracts/src/ui-texts.ts': 'every text the interface shows, by screen',
  'packages/contracts/src/tools.ts': 'the tool catalogue: one entry per tool',
};

/** A tool family's own files: its service, its remote and its endpoint definitions. */
const FAMILY_FILE =
  /^(services\/(prompt|chat|image|voice|youtube)\/src\/|remotes\/[^/]+\/src\/|packages\/contracts\/src\/api\/(prompt|chat|image|voice|youtube)[^/]*\.ts$)/;

const SOURCE = /\.(ts|tsx|mts|mjs|js|css)$/;
const NOT_MEASURED = [
  /\.test\.[cm]?tsx?$/,
  /\.d\.ts$/,
  /(^|\/)(test-support|testing|__fixtures__|fixtures)\//,
  /^e2e\//,
  /(^|\/)(dist|\.bench-dist|results)\//,
  /\.config\.[cm]?[jt]s$/,
];

export interface SizeViolation {
  file: string;
  line?: number;
  what: string;
  lines: number;
  limit: number;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function measuredFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => SOURCE.test(file) && !NOT_MEASURED.some((rule) => rule.test(file)))
    .filter((file) => fs.existsSync(path.join(root, file)));
}

function lineCount(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

type FunctionLike = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration;

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node)
  );
}

/** The name a function is known by: its own, or the variable, property or call it is assigned to. */
function nameOf(node: FunctionLike): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name)
    return node.name.getText();
  let parent: ts.Node = node.parent;
  // memo(function X() {}), forwardRef((props) => ...): the wrapper's variable names the component.
  while (ts.isCallExpression(parent) || ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent)) {
    parent = parent.parent;
  }
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isFunctionExpression(node) && node.name) return node.name.getText();
  return '(anonymous)';
}

/** Components (capitalised, in .tsx) and hooks (useX) are measured whole: their callbacks are part of reading them. */
function isComponentOrHook(name: string, file: string): boolean {
  return /^use[A-Z]/.test(name) || (file.endsWith('.tsx') && /^[A-Z]/.test(name));
}

function linesOf(node: ts.Node, source: ts.SourceFile): number {
  const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
  return end - start + 1;
}

function functionViolations(file: string, text: string): SizeViolation[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: SizeViolation[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node) && node.body) {
      const name = nameOf(node);
      const whole = linesOf(node, source);
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      if (isComponentOrHook(name, file)) {
        if (whole > LIMITS.componentOrHook) {
          found.push({
            file,
            line,
            what: `component or hook ${name}`,
            lines: whole,
            limit: LIMITS.componentOrHook,
          });
        }
      } else {
        // A plain function's own lines: a factory is as long as its own statements, not the functions it returns.
        const nested = nestedFunctionLines(node.body, source);
        const own = whole - nested;
        if (own > LIMITS.plainFunction) {
          found.push({ file, line, what: `function ${name}`, lines: own, limit: LIMITS.plainFunction });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Lines taken by the functions defined directly inside a body (not counting functions inside those). */
function nestedFunctionLines(body: ts.Node, source: ts.SourceFile): number {
  let lines = 0;
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node) && node.body) {
      const whole = linesOf(node, source);
      // A one-line callback (`rows.map((row) => row.id)`) is read with the statement around it.
      if (whole > 1) lines += whole;
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return lines;
}

export function sizeViolations(root = repoRoot): SizeViolation[] {
  const found: SizeViolation[] = [];
  for (const file of measuredFiles(root)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const lines = lineCount(text);
    if (file.endsWith('.css')) {
      if (lines > LIMITS.css) found.push({ file, what: 'stylesheet', lines, limit: LIMITS.css });
      continue;
    }
    if (!(file in DATA_TABLES)) {
      const limit = FAMILY_FILE.test(file) ? LIMITS.familyFile : LIMITS.module;
      if (lines > limit) {
        found.push({ file, what: FAMILY_FILE.test(file) ? 'family file' : 'module', lines, limit });
      }
    }
    if (/\.[cm]?tsx?$/.test(file)) found.push(...functionViolations(file, text));
  }
  return found;
}

export function describeViolation(v: SizeViolation): string {
  return `${v.file}${v.line ? `:${v.line}` : ''} ${v.what}: ${v.lines} lines (limit ${v.limit})`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = process.argv[2] ? path.resolve(process.argv[2]) : repoRoot;
  const found = sizeViolations(root);
  for (const violation of found) console.log(describeViolation(violation));
  console.log(`${found.length} over the size rules`);
}
