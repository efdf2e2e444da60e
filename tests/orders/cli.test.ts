/** `tallyho orders check <file>`. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkOrdersText, registerOrdersCommands } from '../../src/shell/cli/orders.ts';

const GOOD = '#TALLYHO g1 ann "blue kestrel"\nf1: s s tl\nfire f1 fixed at z1\n#END\n';
const BAD = '#TALLYHO g1 ann s\nF1: S TX\n#END\n';

describe('checkOrdersText', () => {
  it('prints the canonical form and exits 0 when all is well', () => {
    expect(checkOrdersText(GOOD, 'mail.txt')).toEqual({
      stdout: '#TALLYHO g1 ann "blue kestrel"\nF1: S S TL\nFIRE F1 FIXED AT Z1\n#END\n',
      stderr: '1 envelope, 0 errors\n',
      exitCode: 0,
    });
  });

  it('lists the errors with file, line and column and exits 1', () => {
    const r = checkOrdersText(BAD, 'mail.txt');
    expect(r.exitCode).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(
      "mail.txt:2:7: E_UNKNOWN_MANOEUVRE: line 2, box 2: 'TX' is not a manoeuvre: did you mean TL or TR? The manoeuvres are S 1 TL TR SL SR SLTR SRTL HRL HRR N LB RB IL IR INV V VLL VRR; plain words such as STRAIGHT or TURN LEFT are read too",
    );
    expect(r.stderr).toContain('1 envelope, 1 error\n');
  });

  it('prints JSON on request', () => {
    const r = checkOrdersText(BAD, 'mail.txt', { json: true });
    expect(JSON.parse(r.stdout).errors[0].code).toBe('E_UNKNOWN_MANOEUVRE');
  });
});

describe('registerOrdersCommands', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  async function run(file: string): Promise<{ out: string; err: string }> {
    let out = '';
    let err = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
      out += String(s);
      return true;
    });
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
      err += String(s);
      return true;
    });
    const program = new Command().exitOverride();
    registerOrdersCommands(program);
    await program.parseAsync(['node', 'tallyho', 'orders', 'check', file]);
    return { out, err };
  }

  it('checks a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyho-orders-'));
    writeFileSync(join(dir, 'bad.txt'), BAD);
    const { out, err } = await run(join(dir, 'bad.txt'));
    expect(out).toBe('#TALLYHO g1 ann "s"\n#END\n');
    expect(err).toContain('E_UNKNOWN_MANOEUVRE');
    expect(process.exitCode).toBe(1);
  });

  it('a file that cannot be read is an E_IO error', async () => {
    await expect(run('/nonexistent/orders.txt')).rejects.toMatchObject({ code: 'E_IO' });
  });
});
