import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyRepository } from '../support/repository-copy.ts';

describe('an invalid roster', () => {
  const copy = copyRepository('roster-broken-');
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('fails the build, naming the file and each bad field', () => {
    // One file broken three ways: a missing name, a bad e-mail and an unknown committee code.
    const file = join(copy, 'content/rosters/excom-23.json');
    const roster = JSON.parse(readFileSync(file, 'utf8')) as {
      committee: string;
      people: { name?: string; email: string[] }[];
    };
    roster.committee = 'ExCommittee';
    delete roster.people[0]?.name;
    if (roster.people[1]) roster.people[1].email = ['not-an-email'];
    writeFileSync(file, JSON.stringify(roster, null, 2));

    const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      cwd: copy,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ASTRO_OUT_DIR: join(copy, 'dist'), NO_COLOR: '1' },
      encoding: 'utf8',
    });
    const output = `${build.stdout}\n${build.stderr}`;

    expect(build.status, output).not.toBe(0);
    expect(output).toContain('content/rosters/excom-23.json');
    expect(output).toMatch(/committee\*?\*?: Invalid option/);
    expect(output).toMatch(/people\.0\.name/);
    expect(output).toMatch(/people\.1\.email\.0/);
  });
});
