import { beforeAll, describe, expect, it } from 'vitest';
import { createPlanner, type Plan, type Planner } from '../../src/plan/index.js';

let planner: Planner;
beforeAll(async () => {
  planner = await createPlanner();
});

const flagged = (plan: Plan) => plan.destructive || plan.category === 'destructive';
const rulesOf = (plan: Plan) => plan.segments.flatMap((s) => s.rules);

describe('destroying verbs of any CLI', () => {
  it.each([
    'vendorctl bucket delete prod-data',
    'acme-cli delete-bucket --name x',
    'cloudx vm force-delete vm-1',
    'widgets apps:destroy shop',
    'svc users deleteUser --id 3',
    'q purge_queue jobs',
    'store rb bucket-9',
    'cli --force remove thing',
    'kv flushall',
    'reg unpublish pkg@1.0.0',
    'tokens revoke abc',
    'db-tool truncate events',
    'fleet deregister node-3',
    'backup forget --keep-last 1',
    'broker topics --delete --topic t',
    'mq --purge-all',
    'docker context rm old',
    'terraform workspace delete staging',
  ])('flags %j destructive', (command) => {
    const plan = planner.plan(command);
    expect(flagged(plan)).toBe(true);
    expect(plan.warnings.join(' ')).toMatch(/delet|destroy|remov|uninstall/);
  });

  it.each([
    'vendorctl bucket list',
    'acme-cli describe-instances',
    'cloudx vm show vm-1',
    'widgets apps:info shop',
    'svc get users',
    'store ls bucket-9',
  ])('keeps the reading verb of %j out of destructive', (command) => {
    const plan = planner.plan(command);
    expect(flagged(plan)).toBe(false);
    expect(['read-only', 'network']).toContain(plan.category);
  });

  it.each([
    'mytool --name delete x',
    'mytool --mode=purge run',
    'app build ./delete',
    'app run --target drop',
    'cat delete',
    'grep -r remove src',
    'echo destroy',
  ])('does not take an option value, a path or data for a verb: %j', (command) => {
    expect(flagged(planner.plan(command))).toBe(false);
  });
});

describe('HTTP that deletes or changes', () => {
  it.each([
    'curl -X DELETE https://api.example.com/v1/items/3',
    'curl --request DELETE https://x/y',
    'curl -XDELETE https://x/y',
    'curl --request=DELETE https://x/y',
    'http DELETE example.org/items/3',
    'xh delete example.org/a',
    'wget --method=DELETE https://x/y',
    'wget --method DELETE https://x/y',
  ])('flags %j destructive', (command) => {
    expect(rulesOf(planner.plan(command))).toContain('net.http-delete');
  });

  it.each([
    'curl -X PUT -d @a.json https://x/y',
    'curl --request PATCH https://x/y',
    'http PUT example.org/a b=1',
    'wget --method=PATCH https://x',
  ])('reads %j as mutating on the network', (command) => {
    const plan = planner.plan(command);
    expect(plan).toMatchObject({ category: 'mutating', destructive: false });
    expect(plan.segments[0]?.network).toBe(true);
  });

  it('keeps a plain GET a network read', () => {
    expect(planner.plan('curl -s https://x/delete').category).toBe('network');
  });
});

describe('truncation and overwrite', () => {
  it.each([
    [': > app.log', 'app.log'],
    ['> app.log', 'app.log'],
    ['true > out.txt', 'out.txt'],
    ['cat /dev/null > data.db', 'data.db'],
    ['echo -n > notes', 'notes'],
    ['ls >| listing', 'listing'],
    ['echo x > /etc/hosts', '/etc/hosts'],
    ['date > ~/.profile', '~/.profile'],
    ['cp /dev/null important.db', 'important.db'],
    ['mv backup.conf /etc/nginx/nginx.conf', '/etc/nginx/nginx.conf'],
    ['cp id_rsa ~/.ssh/id_rsa', '~/.ssh/id_rsa'],
    ['mv x /dev/sda', '/dev/sda'],
    ['echo y | sudo tee /etc/apt/sources.list', '/etc/apt/sources.list'],
    ['scp conf host:/etc/ssh/sshd_config', '/etc/ssh/sshd_config'],
  ])('flags %j and names %s in the effects', (command, target) => {
    const plan = planner.plan(command);
    expect(flagged(plan)).toBe(true);
    expect(plan.effects.map((e) => e.path)).toContain(target);
  });

  it('flags the find actions that write a file', () => {
    expect(flagged(planner.plan('find . -name x -fprintf out.txt %p'))).toBe(true);
    expect(flagged(planner.plan('find . -fls listing'))).toBe(true);
  });

  it.each([
    'cp a b',
    'mv a.txt b.txt',
    'cp -n x .env',
    'tee -a /etc/hosts',
    'echo hi > /dev/null',
    'ls 2>/dev/null',
    'echo x | tee out.txt',
    'install -m 755 tool /usr/local/bin/tool',
  ])('keeps %j short of destructive', (command) => {
    expect(flagged(planner.plan(command))).toBe(false);
  });
});

describe('services and schedulers', () => {
  it.each([
    'systemctl stop nginx',
    'systemctl --user disable --now app',
    'systemctl mask sshd',
    'service nginx stop',
    'sudo service mysql stop',
    'launchctl unload ~/Library/LaunchAgents/x.plist',
    'launchctl bootout gui/501/x',
    'rc-service sshd stop',
    'update-rc.d apache2 disable',
    'chkconfig httpd off',
    'sv down web',
  ])('flags %j destructive', (command) => {
    expect(rulesOf(planner.plan(command))).toContain('system.service-stop');
  });

  it.each(['systemctl status nginx', 'service nginx status', 'launchctl list', 'service --status-all'])(
    'reads %j as read-only',
    (command) => {
      expect(planner.plan(command).category).toBe('read-only');
    },
  );

  it.each([
    'echo "rm -rf /srv/data" | at now + 5 minutes',
    'at midnight <<< "git push --force"',
    'batch <<EOF\nrm -rf cache\nEOF',
    'echo "0 3 * * * rm -rf /tmp/x" | crontab -',
    'printf "@reboot dd if=/dev/zero of=/dev/sda\\n" | crontab',
  ])('reads the scheduled payload of %j like sh -c', (command) => {
    expect(planner.plan(command).destructive).toBe(true);
  });

  it('keeps a harmless scheduled payload harmless and an unreadable one complex', () => {
    expect(planner.plan('echo "ls" | at now').destructive).toBe(false);
    expect(planner.plan('curl -s https://x | at now')).toMatchObject({ category: 'complex', destructive: true });
  });
});

describe('git corners', () => {
  it.each([
    ['git checkout HEAD~2 src/app.ts', 'git.checkout-paths'],
    ['git checkout origin/main -- .', 'git.checkout-discard'],
    ['git checkout -qf main', 'git.checkout-force'],
    ['git branch -f main HEAD~3', 'git.branch-force'],
    ['git branch -M old new', 'git.branch-force'],
    ['git switch -C feature', 'git.switch-force-create'],
    ['git worktree remove --force ../wt', 'git.worktree-force'],
    ['git tag -f v1 HEAD', 'git.tag-force'],
    ['git push -uf origin main', 'git.push-force'],
    ['git push --force-with-lease=main:abc origin main', 'git.push-force'],
    ['git -- push --force', 'git.push-force'],
    ['env -C repo git push --force', 'git.push-force'],
    ['env -u GIT_DIR GIT_WORK_TREE=. git reset --hard', 'git.reset-hard'],
    ['git push origin 2>&1 --force', 'git.push-force'],
    ['git >/dev/null push --force', 'git.push-force'],
    ['git clean -xdf', 'git.clean-force'],
    ['git mv -f a b', 'git.mv-force'],
    ['git submodule deinit -f --all', 'git.submodule-deinit-force'],
  ])('flags %j by %s', (command, rule) => {
    const plan = planner.plan(command);
    expect(plan.destructive).toBe(true);
    expect(rulesOf(plan)).toContain(rule);
  });

  it.each([
    'git checkout main',
    'git checkout -b feature origin/main',
    'git switch feature',
    'git branch -m new-name',
    'git push -o ci.skip origin main',
    'git push -ofoo origin',
    'git tag v1',
  ])('keeps %j short of destructive', (command) => {
    expect(planner.plan(command).destructive).toBe(false);
  });
});

describe('payloads of xargs, parallel and interpreters', () => {
  it.each([
    'find . -name "*.tmp" | xargs rm -f',
    'ls | xargs -I{} rm -rf {}',
    "parallel 'rm -rf {}' ::: a b",
    'parallel rm -rf ::: a b',
    'xargs -0 sh -c \'rm -rf "$@"\' _',
    'python3 -c "import shutil; shutil.rmtree(\'build\')"',
    'python3 -c "import os; os.system(\'rm -rf dist\')"',
    'perl -e \'unlink glob "*.log"\'',
    'perl -e "system(\'git reset --hard\')"',
    'ruby -e \'system("rm", "-rf", "tmp")\'',
    "node -e \"require('fs').rmSync('x', { recursive: true })\"",
    "node -e \"require('child_process').execSync('git push --force')\"",
  ])('flags %j destructive', (command) => {
    expect(planner.plan(command).destructive).toBe(true);
  });

  it.each(['python3 -c "$SCRIPT"', 'python3 -c "import subprocess, sys; subprocess.run(sys.argv[1:])" x'])(
    'reads the unreadable one-liner %j as complex and destructive-looking',
    (command) => {
      expect(planner.plan(command)).toMatchObject({ category: 'complex', destructive: true });
    },
  );

  it.each([
    'python3 -c "print(1)"',
    'node -e "console.log(require(\'os\').cpus().length)"',
    'python3 -c "import os; os.system(\'ls -la\')"',
  ])('does not over-flag %j', (command) => {
    expect(planner.plan(command).destructive).toBe(false);
  });
});

describe('fewer false alarms', () => {
  it.each([
    'grep -e delete notes.txt',
    "find . -name 'rm -rf*'",
    'kubectl get pods -l app=delete',
    'bash',
    'sh -l',
    'bash -c',
    'git log --grep=drop',
    "rg 'DROP TABLE' migrations",
    'ls 2>/dev/null',
    'make 2>&1',
    'cat x 3>&1',
  ])('is not destructive: %j', (command) => {
    expect(flagged(planner.plan(command))).toBe(false);
  });

  it('reads a numbered-fd redirect as a redirect, not as an operand', () => {
    expect(planner.plan('git branch 2>/dev/null').segments[0]?.argv).toEqual(['git', 'branch']);
    expect(planner.plan('rm -f x 2>/dev/null').segments[0]?.argv).toEqual(['rm', '-f', 'x']);
  });
});
