// The subject line of each commit of a `git log` in its default or `--stat` form (the first message line after
// `Date:`) of the newest 50 commits, so a history names them, not a sample; and the newest commit's id line, the one a caller refers to.

const MAX_SUBJECTS = 50;

export function subjectLines(lines: readonly string[]): number[] {
  const subjects: number[] = [];
  let afterDate = false;
  for (let i = 0; i < lines.length && subjects.length <= MAX_SUBJECTS; i++) {
    const line = lines[i] as string;
    if (line.startsWith('commit ') && subjects.length === 0) subjects.push(i);
    else if (line.startsWith('Date:')) afterDate = true;
    else if (afterDate && line.trim() !== '') {
      if (line.startsWith('    ')) subjects.push(i);
      afterDate = false;
    }
  }
  return subjects;
}
