import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const lint = async (code: string, filePath: string) => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [res] = await eslint.lintText(code, { filePath });
  return res!.messages.map((m) => m.ruleId);
};

describe('the purity boundary of src/core and src/orders', () => {
  const bad: [string, string][] = [
    ["import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", 'no-restricted-imports'],
    ["import fs from 'fs';\nexport const x = fs;\n", 'no-restricted-imports'],
    ["import nodemailer from 'nodemailer';\nexport const x = nodemailer;\n", 'no-restricted-imports'],
    ["import Database from 'better-sqlite3';\nexport const x = Database;\n", 'no-restricted-imports'],
    ["import { x } from '../shell/errors.ts';\nexport const y = x;\n", 'no-restricted-imports'],
    ['export const r = Math.random();\n', 'no-restricted-properties'],
    ['export const t = Date.now();\n', 'no-restricted-properties'],
    ['export const t = new Date();\n', 'no-restricted-syntax'],
    ['export const e = process.env;\n', 'no-restricted-globals'],
  ];
  it.each(bad)('rejects %s', async (code, rule) => {
    expect(await lint(code, 'src/core/violation.ts')).toContain(rule);
    expect(await lint(code, 'src/orders/violation.ts')).toContain(rule);
  });
  it('allows the same code in the shell, and pure code in the core', async () => {
    expect(await lint("import fs from 'node:fs';\nexport const x = fs;\n", 'src/shell/ok.ts')).toEqual([]);
    expect(await lint("import { ok } from '../result.ts';\nexport const x = ok(1);\n", 'src/core/hex/ok.ts')).toEqual(
      [],
    );
  });
  it('the real sources are clean', async () => {
    const eslint = new ESLint({ cwd: process.cwd() });
    const results = await eslint.lintFiles(['src/core', 'src/orders']);
    const problems = results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.ruleId} ${m.message}`));
    expect(problems).toEqual([]);
  });
});
