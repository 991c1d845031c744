import type { PlanRule } from '../types.js';

const clients = ['psql', 'mysql', 'mariadb', 'sqlite3', 'sqlcmd', 'clickhouse-client', 'cockroach', 'duckdb'];

/** Destructive SQL: DROP, TRUNCATE, DELETE or UPDATE without WHERE, sent through a client's arguments. */
export const destructiveSql = String.raw`\b(drop\s+(table|database|schema|index|view|user|role|owned|extension|function|materialized\s+view)|truncate(\s+table)?\s+[\w."]+|delete\s+from\s+[\w."]+\s*(;|'|"|$)|update\s+[\w."]+\s+set\b(?![^;]*\bwhere\b)|alter\s+table\s+[\w."]+\s+drop)`;

/** Databases: destructive statements and tools. */
export const databaseRules: readonly PlanRule[] = [
  {
    id: 'db.destructive-sql',
    program: clients,
    textPattern: destructiveSql,
    category: 'destructive',
    warning: 'may drop or delete database data',
  },
  { id: 'db.drop-database', program: ['dropdb', 'dropuser'], category: 'destructive', warning: 'may drop a database' },
  {
    id: 'db.mysqladmin-drop',
    program: ['mysqladmin'],
    subcommand: ['drop'],
    category: 'destructive',
    warning: 'may drop a database',
  },
  {
    id: 'db.redis-flush',
    program: ['redis-cli'],
    textPattern: String.raw`\b(flushall|flushdb)\b`,
    category: 'destructive',
    warning: 'may delete all keys',
  },
  {
    id: 'db.redis-delete',
    program: ['redis-cli'],
    textPattern: String.raw`\b(del|unlink)\s`,
    category: 'destructive',
    warning: 'may delete keys',
  },
  {
    id: 'db.mongo-drop',
    program: ['mongo', 'mongosh'],
    textPattern: String.raw`\.(drop|dropDatabase|deleteMany|remove)\s*\(`,
    category: 'destructive',
    warning: 'may drop or delete database data',
  },
  {
    id: 'db.restore',
    program: ['pg_restore', 'mongorestore'],
    flags: [['-c', '--clean', '--drop']],
    category: 'destructive',
    warning: 'may drop database objects before restoring',
  },
  { id: 'db.dump', program: ['pg_dump', 'pg_dumpall', 'mysqldump', 'mongodump'], category: 'read-only' },
  {
    id: 'db.read-sql',
    program: clients,
    textPattern: String.raw`((^|\s)(-c|-e|--command|--execute)(\s+|=)|^[^-\s]\S*\s+)(select|show|explain|describe|\\d|\\l|pragma|\.tables|\.schema)\b`,
    category: 'read-only',
  },
];
