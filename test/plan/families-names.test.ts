import { beforeAll, describe, expect, it } from 'vitest';
import { createPlanner, type Plan, type Planner } from '../../src/plan/index.js';

let planner: Planner;
beforeAll(async () => {
  planner = await createPlanner();
});

const flagged = (plan: Plan) => plan.destructive || plan.category === 'destructive';

describe('a destroying verb in the program name, a Go-style flag, or a reading tool told to delete', () => {
  it.each([
    ['fwupdmgr-remove old', 'verb piece of a program name'],
    ['trash-empty 30', 'verb piece of a program name'],
    ['vgremove data', 'verb suffix with its object'],
    ['pvremove /dev/sdc1', 'verb suffix with its object'],
    ['deluser --remove-home alice', 'verb prefix with its object'],
    ['smbdel share', 'verb suffix with its object'],
    ['delpart /dev/sdb 2', 'verb prefix with its object'],
    ['nomad job stop -purge cache', 'single-dash long flag'],
    ['consul acl policy update -delete x', 'single-dash long flag'],
    ['journalctl --vacuum-size=1M', 'reading tool with a destroying long option'],
    ['journalctl --vacuum-files=2', 'reading tool with a destroying long option'],
    ['vault audit disable file/', 'disabling a store of data'],
    ['restic-like repo compact', 'compaction frees what was forgotten, for good'],
    ['hgx strip -r 10', 'stripping history'],
    ['passwd --delete bob', 'a password removed'],
  ])('flags %j (%s)', (command) => {
    expect(flagged(planner.plan(command))).toBe(true);
  });

  it.each([
    'model train --epochs 3',
    'colrm 2 4',
    'setterm --cursor on',
    'journalctl -u nginx --since today',
    'journalctl --list-boots',
    'passwd -S alice',
    'sqlite3 app.db "VACUUM"',
    'nomad job status -verbose web',
    'tool -deleted-only-report',
    'modelctl list',
  ])('leaves %j unflagged', (command) => {
    expect(flagged(planner.plan(command))).toBe(false);
  });
});
