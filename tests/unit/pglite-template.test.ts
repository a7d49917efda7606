import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFromTemplate } from '../../src/server/db/pglite-template.ts';

describe('a new PGlite data dir starts from the built template', () => {
  const root = mkdtempSync(join(tmpdir(), 'qyq-template-'));
  const template = join(root, 'template');
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const makeTemplate = () => {
    mkdirSync(join(template, 'base'), { recursive: true });
    writeFileSync(join(template, 'PG_VERSION'), '17\n');
    writeFileSync(join(template, 'base', 'table'), 'rows');
  };

  it('copies the template into a missing or empty directory', () => {
    makeTemplate();
    const pg = join(root, 'data', 'pg');
    expect(startFromTemplate(pg, template)).toBe(true);
    expect(readFileSync(join(pg, 'base', 'table'), 'utf8')).toBe('rows');
    expect(existsSync(`${pg}.template-copy`)).toBe(false);
    const empty = join(root, 'empty');
    mkdirSync(empty);
    expect(startFromTemplate(empty, template)).toBe(true);
    expect(existsSync(join(empty, 'PG_VERSION'))).toBe(true);
  });

  it('never touches a directory that holds a database or anything else', () => {
    makeTemplate();
    const existing = join(root, 'existing');
    mkdirSync(existing);
    writeFileSync(join(existing, 'PG_VERSION'), '17\n');
    expect(startFromTemplate(existing, template)).toBe(false);
    const other = join(root, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'notes.txt'), 'mine');
    expect(startFromTemplate(other, template)).toBe(false);
    expect(readFileSync(join(other, 'notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(other, 'PG_VERSION'))).toBe(false);
  });

  it('does nothing without a built template (initdb runs as before)', () => {
    expect(startFromTemplate(join(root, 'fresh'), join(root, 'no-template'))).toBe(false);
    expect(existsSync(join(root, 'fresh'))).toBe(false);
  });
});
