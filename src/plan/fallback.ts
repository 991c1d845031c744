import { destroyingVerbs } from './rules/verbs.js';
import { decodeAnsiC } from './words.js';

// Used only when the parse cannot be trusted (error, timeout, too long): errs towards "destructive".
const destructiveText = new RegExp(
  [
    String.raw`(^|[\s;&|({,\x60'"\\/])(rm|unlink|rmdir|shred|dd|mkfs[\w.]*|wipefs|truncate|kill|killall|pkill|reboot|shutdown|halt|poweroff|dropdb|userdel|fdisk|parted)($|[\s;&|)},\x60'"])`,
    String.raw`reset\s+--hard`,
    String.raw`\bpush\b[^\n]*\s(-f|--force|--mirror|--delete|\+)`,
    String.raw`\bclean\s+-\w*f`,
    String.raw`\b(drop|truncate)\s+(table|database|schema)`,
    String.raw`\bdelete\s+from\b`,
    String.raw`\|\s*(sudo\s+)?(ba|z|da|k)?sh\b`,
    String.raw`\b(destroy|uninstall|prune|flushall)\b`,
    String.raw`\bdelete\b`,
    String.raw`-delete\b`,
    String.raw`:\s*\(\s*\)\s*\{`,
    String.raw`\b(chmod|chown|chgrp)\s+(-\w+\s+)*-\w*R`,
    String.raw`\b(stop|disable|mask)\b`,
    String.raw`\bbranch\s+(-\w+\s+)*-\w*D`,
    `(^|[^\\w])(${destroyingVerbs.join('|')})([^\\w]|$)`,
    String.raw`\beval\b`,
  ].join('|'),
  'i',
);

/** A coarse textual check: may this text destroy data? */
export function mayBeDestructive(text: string): boolean {
  // Also with quotes, escapes and line continuations removed, as bash would read the words.
  if (destructiveText.test(text)) return true;
  const words = text.replace(/\$'((?:\\.|[^'\\])*)'/g, (_all, body: string) => decodeAnsiC(body)).replace(/\\\n/g, '');
  return destructiveText.test(words.replace(/["'\\]/g, ''));
}
