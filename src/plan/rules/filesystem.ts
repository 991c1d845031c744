import type { PlanRule } from '../types.js';

const recursive = ['-r', '-R', '--recursive'];
const force = ['-f', '--force'];

/** Files and disks: deleting, overwriting, truncating, changing modes and owners. */
export const filesystemRules: readonly PlanRule[] = [
  { id: 'fs.rm-recursive-force', program: ['rm'], flags: [recursive, force], category: 'destructive', warning: 'may force-remove files', effects: { kind: 'delete', operands: 'all' } },
  { id: 'fs.rm-recursive', program: ['rm'], flags: [recursive], category: 'destructive', warning: 'may remove directories recursively', effects: { kind: 'delete', operands: 'all' } },
  { id: 'fs.rm', program: ['rm', 'unlink'], category: 'destructive', warning: 'may delete files', effects: { kind: 'delete', operands: 'all' } },
  { id: 'fs.rmdir', program: ['rmdir'], category: 'mutating', reversible: true, effects: { kind: 'delete', operands: 'all' } },
  { id: 'fs.shred', program: ['shred', 'srm', 'wipe'], category: 'destructive', warning: 'may irrecoverably overwrite files', effects: { kind: 'delete', operands: 'all' } },
  { id: 'fs.truncate', program: ['truncate'], category: 'destructive', warning: 'may truncate files', valueOptions: ['-s', '--size', '-r', '--reference'], effects: { kind: 'modify', operands: 'all' } },
  { id: 'fs.dd-write', program: ['dd'], argPattern: '^of=', category: 'destructive', warning: 'may overwrite a file or disk', effects: { kind: 'modify', operands: 'all', prefix: 'of=' } },
  { id: 'fs.dd-read', program: ['dd'], category: 'read-only' },
  { id: 'fs.mkfs', program: ['mkfs', 'mkfs.ext4', 'mkfs.ext3', 'mkfs.ext2', 'mkfs.xfs', 'mkfs.btrfs', 'mkfs.vfat', 'mkfs.fat', 'mkfs.ntfs', 'mke2fs', 'mkswap', 'wipefs'], category: 'destructive', warning: 'may erase a filesystem' },
  { id: 'fs.partition', program: ['fdisk', 'sfdisk', 'parted', 'gdisk', 'sgdisk', 'cfdisk'], category: 'destructive', warning: 'may rewrite a partition table' },
  { id: 'fs.chmod-recursive', program: ['chmod', 'chown', 'chgrp'], flags: [['-R', '--recursive']], category: 'destructive', warning: 'may change permissions recursively', effects: { kind: 'modify', operands: 'all', skip: 1 } },
  { id: 'fs.chmod', program: ['chmod', 'chown', 'chgrp'], category: 'mutating', reversible: true, effects: { kind: 'modify', operands: 'all', skip: 1 } },
  { id: 'fs.mv', program: ['mv'], unlessFlags: ['-n', '--no-clobber'], category: 'mutating', reversible: false, warning: 'may overwrite existing files', valueOptions: ['-t', '--target-directory', '-S', '--suffix'], effects: { kind: 'modify', operands: 'last' } },
  { id: 'fs.mv-no-clobber', program: ['mv'], flags: [['-n', '--no-clobber']], category: 'mutating', reversible: true, effects: { kind: 'modify', operands: 'last' } },
  { id: 'fs.cp', program: ['cp'], unlessFlags: ['-n', '--no-clobber'], category: 'mutating', reversible: false, warning: 'may overwrite existing files', valueOptions: ['-t', '--target-directory', '-S', '--suffix'], effects: { kind: 'create', operands: 'last' } },
  { id: 'fs.cp-no-clobber', program: ['cp'], flags: [['-n', '--no-clobber']], category: 'mutating', reversible: true, effects: { kind: 'create', operands: 'last' } },
  { id: 'fs.rsync-delete', program: ['rsync'], flags: [['--delete', '--delete-before', '--delete-after', '--delete-during', '--delete-excluded', '--del', '--remove-source-files']], category: 'destructive', warning: 'may delete files at the destination', effects: { kind: 'modify', operands: 'last' } },
  { id: 'fs.rsync-remote', program: ['rsync'], argPattern: '^([^/\\s]+@)?[A-Za-z0-9.-]+:|^rsync://', category: 'network', effects: { kind: 'modify', operands: 'last' } },
  { id: 'fs.rsync', program: ['rsync'], category: 'mutating', effects: { kind: 'modify', operands: 'last' } },
  { id: 'fs.create', program: ['touch', 'mkdir', 'mktemp', 'mkfifo', 'ln'], category: 'mutating', reversible: true, valueOptions: ['-m', '--mode', '-d', '--date', '-r', '--reference', '-t', '-p'], effects: { kind: 'create', operands: 'all' } },
  { id: 'fs.install', program: ['install'], category: 'mutating', valueOptions: ['-m', '-o', '-g', '-t', '--mode', '--owner', '--group'], effects: { kind: 'create', operands: 'last' } },
  { id: 'fs.tee', program: ['tee'], unlessFlags: ['-a', '--append'], operands: 'some', category: 'mutating', reversible: false, warning: 'may overwrite files', effects: { kind: 'modify', operands: 'all' } },
  { id: 'fs.tee-append', program: ['tee'], flags: [['-a', '--append']], category: 'mutating', effects: { kind: 'modify', operands: 'all' } },
  { id: 'fs.tee-stdout', program: ['tee'], operands: 'none', category: 'read-only' },
  { id: 'fs.sed-in-place', program: ['sed'], flags: [['-i', '--in-place']], category: 'mutating', reversible: false, warning: 'edits files in place', valueOptions: ['-e', '-f', '--expression', '--file'], effects: { kind: 'modify', operands: 'all', skip: 1 } },
  { id: 'fs.perl-in-place', program: ['perl'], argPattern: '^-[a-zA-Z]*i', category: 'mutating', reversible: false, warning: 'edits files in place' },
  { id: 'fs.sort-output', program: ['sort'], flags: [['-o', '--output']], category: 'mutating', reversible: false, warning: 'may overwrite files' },
  { id: 'fs.yq-in-place', program: ['yq'], flags: [['-i', '--inplace']], category: 'mutating', reversible: false, warning: 'edits files in place' },
  { id: 'fs.find-delete', program: ['find'], argPattern: '^-delete$', category: 'destructive', warning: 'may delete the files it finds' },
  { id: 'fs.find-write', program: ['find'], argPattern: '^-f(print|print0|printf|ls)$', category: 'mutating', warning: 'writes a file listing' },
  { id: 'fs.extract', program: ['unzip', 'gunzip', 'bunzip2', 'unxz', 'zstd', 'gzip', 'bzip2', 'xz', '7z'], unlessFlags: ['-l', '-t', '--list', '--test', '-c', '--stdout'], category: 'mutating', reversible: false, warning: 'may overwrite existing files' },
  { id: 'fs.archive-read', program: ['unzip', 'gunzip', 'bunzip2', 'unxz', 'zstd', 'gzip', 'bzip2', 'xz', '7z'], flags: [['-l', '-t', '--list', '--test', '-c', '--stdout']], category: 'read-only' },
  { id: 'fs.tar-extract', program: ['tar'], argPattern: '^(-?[a-zA-Z]*x[a-zA-Z]*|--extract|--get)$', category: 'mutating', reversible: false, warning: 'may overwrite existing files' },
  { id: 'fs.tar-create', program: ['tar'], argPattern: '^(-?[a-zA-Z]*[cru][a-zA-Z]*|--create|--append|--update)$', category: 'mutating' },
  { id: 'fs.tar-list', program: ['tar'], argPattern: '^(-?[a-zA-Z]*t[a-zA-Z]*|--list)$', category: 'read-only' },
  { id: 'fs.patch', program: ['patch'], category: 'mutating', reversible: true },
];
