// Lines of an output that fits which say something went wrong, whatever the tool: a problem word standing apart
// (`error`, `failed`, `denied`, …), a thrown exception's name, a warning. Shown whole in a view of an output that fits:
// the condenser's signals may not know the tool, and such lines are few.
import { hasProblemWord } from './overview/problem-words.js';

const MORE_PROBLEM_WORDS =
  /\b(?:\w+(?:Error|Exception)|[Ee]xception|[Ww]arning|WARNING|WARN|[Ff]atal|FATAL|panic(?:ked)?|cannot|[Cc]ould not|Could NOT|not found|No such file|undefined reference|unresolved|Traceback|Caused by|[Uu]nknown|[Uu]nable|[Rr]efusing|[Ii]gnoring|however|[Ff]ailures?)\b/;

/** A place in a source file (`Inventory.java:7`, `CMakeLists.txt:9`, `api.go:17:3`, `File "run.py", line 11`): a failure's or a frame's. */
const SOURCE_PLACE = /[\w-]\.[A-Za-z]\w{0,5}(?:[:(]|", line )\d+/;

export function isProblemLine(line: string): boolean {
  return hasProblemWord(line) || MORE_PROBLEM_WORDS.test(line) || SOURCE_PLACE.test(line);
}

/** Every line of the stream holding a problem word. */
export function problemLines(lines: readonly string[]): number[] {
  const found: number[] = [];
  for (let i = 0; i < lines.length; i++) if (isProblemLine(lines[i] as string)) found.push(i);
  return found;
}
