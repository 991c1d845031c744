// The literal strings a regex cannot match without: for `\b(?:error|warning)\b` they are `error` and `warning`,
// for `^\d+ upgraded, \d+ newly installed` ` newly installed`. Every match holds one of them, so a text holding
// none of them has no match, and a plain string search over bytes finds the few places worth the regex.

/** What one piece of a pattern says about the text it matches. */
interface Info {
  /** The piece matches exactly one of these strings. */
  exact?: string[];
  /** Every match of the piece holds one of these strings (the best such set found inside it). */
  holds?: string[];
  /** Every match of the piece starts with one of these strings. */
  prefix?: string[];
}

const MAX_SET = 64;
const MAX_CLASS_CHARS = 10;

/** Strings one of which every match of the pattern holds, or undefined when no such set can be read from it. */
export function requiredLiterals(source: string, flags: string): string[] | undefined {
  const info = parse(source, flags);
  const set = info === undefined ? undefined : best(info);
  return set !== undefined && set.length > 0 && set.every((s) => s.length > 0 && !s.includes('\n')) ? set : undefined;
}

/** Strings one of which every match of the pattern begins with, or undefined. */
export function prefixLiterals(source: string, flags: string): string[] | undefined {
  const set = parse(source, flags)?.prefix;
  return set !== undefined && set.length > 0 && set.every((s) => s.length > 0 && !s.includes('\n')) ? set : undefined;
}

function parse(source: string, flags: string): Info | undefined {
  if (flags.includes('v')) return undefined;
  const parser = new Parser(source, flags.includes('u'));
  try {
    const info = parser.alternatives();
    return parser.at === source.length ? info : undefined;
  } catch {
    return undefined;
  }
}

class Parser {
  at = 0;
  constructor(
    private readonly source: string,
    private readonly unicode: boolean,
  ) {}

  alternatives(): Info {
    const branches: Info[] = [this.sequence()];
    while (this.source[this.at] === '|') {
      this.at++;
      branches.push(this.sequence());
    }
    if (branches.length === 1) return branches[0] as Info;
    if (branches.every((b) => b.exact !== undefined))
      return capped(
        branches.flatMap((b) => b.exact as string[]),
        true,
      );
    const prefix = branches.every((b) => b.prefix !== undefined)
      ? capped(
          branches.flatMap((b) => b.prefix as string[]),
          false,
        ).holds
      : undefined;
    const holds = branches.every((b) => best(b) !== undefined)
      ? capped(
          branches.flatMap((b) => best(b) as string[]),
          false,
        ).holds
      : undefined;
    return { ...(holds ? { holds } : {}), ...(prefix ? { prefix } : {}) };
  }

  private sequence(): Info {
    let run: string[] = [''];
    let broken = false;
    let holds: string[] | undefined;
    let prefix: string[] | undefined;
    const close = (): void => {
      holds = better(holds, run);
      run = [''];
    };
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      const atom = this.atom();
      const { min, max } = this.quantifier();
      if (atom === 'zero-width') continue;
      if (min === 1 && max === 1 && atom.exact !== undefined) {
        const joined = cross(run, atom.exact);
        if (joined.length <= MAX_SET) run = joined;
        else {
          if (!broken) prefix = run;
          close();
          broken = true;
          run = atom.exact;
        }
        continue;
      }
      if (!broken)
        prefix =
          min >= 1 && atom.prefix !== undefined && atom.exact === undefined
            ? cross(run, atom.prefix)
            : min >= 1 && atom.exact !== undefined
              ? cross(run, atom.exact)
              : run;
      close();
      broken = true;
      if (min >= 1) holds = better(holds, best(atom));
    }
    if (!broken) return { exact: run, prefix: run };
    close();
    return {
      ...(holds !== undefined ? { holds } : {}),
      ...(prefix !== undefined && prefix.every((p) => p.length > 0) ? { prefix } : {}),
    };
  }

  private atom(): Info | 'zero-width' {
    const char = this.source[this.at++] as string;
    if (char === '^' || char === '$') return 'zero-width';
    if (char === '.') return {};
    if (char === '[') return this.charClass();
    if (char === '(') return this.group();
    if (char === '\\') return this.escape(false);
    if (char === '*' || char === '+' || char === '?' || char === '{' || char === ']' || char === '}') throw new Error('unread');
    return { exact: [this.unicode ? this.wholeCodePoint() : char] };
  }

  private group(): Info | 'zero-width' {
    let lookaround = false;
    if (this.source[this.at] === '?') {
      const kind = this.source.slice(this.at, this.at + 3);
      if (kind.startsWith('?:')) this.at += 2;
      else if (kind.startsWith('?=') || kind.startsWith('?!')) {
        this.at += 2;
        lookaround = true;
      } else if (kind === '?<=' || kind === '?<!') {
        this.at += 3;
        lookaround = true;
      } else if (kind.startsWith('?<')) this.at = this.source.indexOf('>', this.at) + 1;
      else throw new Error('unread');
    }
    const inner = this.alternatives();
    if (this.source[this.at++] !== ')') throw new Error('unread');
    return lookaround ? 'zero-width' : inner;
  }

  /** An escape, outside a class or inside one (`\b` is then a backspace). */
  private escape(inClass: boolean): Info | 'zero-width' {
    const char = this.source[this.at++] as string;
    if (!inClass && (char === 'b' || char === 'B')) return 'zero-width';
    if ('dDwWsS'.includes(char)) return {};
    if (char === 'n') return { exact: ['\n'] };
    const controls: Record<string, string> = { t: '\t', r: '\r', f: '\f', v: '\v', '0': '\0', b: '\b' };
    if (controls[char] !== undefined && !/\d/.test(this.source[this.at] ?? '')) return { exact: [controls[char] as string] };
    if (char === 'x' && /^[\da-fA-F]{2}/.test(this.source.slice(this.at)))
      return { exact: [String.fromCharCode(parseInt(this.take(2), 16))] };
    if (char === 'u' && /^[\da-fA-F]{4}/.test(this.source.slice(this.at)))
      return { exact: [String.fromCharCode(parseInt(this.take(4), 16))] };
    if (/\d/.test(char)) {
      // a backreference: matches what its group did, which may be anything
      while (/\d/.test(this.source[this.at] ?? '')) this.at++;
      return {};
    }
    if (/[A-Za-z]/.test(char)) throw new Error('unread');
    return { exact: [char] };
  }

  private take(count: number): string {
    const text = this.source.slice(this.at, this.at + count);
    this.at += count;
    return text;
  }

  private charClass(): Info {
    const negated = this.source[this.at] === '^';
    if (negated) this.at++;
    const chars: string[] = [];
    let any = negated;
    while (this.source[this.at] !== ']') {
      if (this.at >= this.source.length) throw new Error('unread');
      const member = this.classMember();
      if (member === undefined) any = true;
      else if (this.source[this.at] === '-' && this.source[this.at + 1] !== ']') {
        this.at++;
        const end = this.classMember();
        const from = member.codePointAt(0) as number;
        const to = end?.codePointAt(0);
        if (to === undefined || to - from >= MAX_CLASS_CHARS) any = true;
        else for (let code = from; code <= to; code++) chars.push(String.fromCodePoint(code));
      } else chars.push(member);
    }
    this.at++;
    return any || chars.length === 0 || chars.length > MAX_CLASS_CHARS ? {} : { exact: [...new Set(chars)] };
  }

  /** One character of a class, or undefined for a set escape (`\d`, `\s`, …). */
  private classMember(): string | undefined {
    const char = this.source[this.at++] as string;
    if (char !== '\\') return this.unicode ? this.wholeCodePoint() : char;
    const info = this.escape(true);
    return info !== 'zero-width' && info.exact?.length === 1 ? info.exact[0] : undefined;
  }

  /** In `u` mode, the character just read with its low surrogate, when it has one. */
  private wholeCodePoint(): string {
    const code = this.source.codePointAt(this.at - 1) as number;
    if (code > 0xffff) this.at++;
    return String.fromCodePoint(code);
  }

  /** The quantifier after an atom, as its least and greatest counts (a lazy `?` after it read too). */
  private quantifier(): { min: number; max: number } {
    const char = this.source[this.at];
    let bounds = { min: 1, max: 1 };
    if (char === '*') bounds = { min: 0, max: Infinity };
    else if (char === '+') bounds = { min: 1, max: Infinity };
    else if (char === '?') bounds = { min: 0, max: 1 };
    else if (char === '{') {
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (braces === null) return bounds;
      this.at += (braces[0] as string).length - 1;
      bounds = {
        min: Number(braces[1]),
        max: braces[2] === undefined ? Number(braces[1]) : braces[3] === '' ? Infinity : Number(braces[3]),
      };
    } else return bounds;
    this.at++;
    if (this.source[this.at] === '?') this.at++;
    return bounds;
  }
}

function cross(heads: readonly string[], tails: readonly string[]): string[] {
  return heads.flatMap((head) => tails.map((tail) => head + tail));
}

function capped(set: string[], exact: boolean): Info {
  const unique = [...new Set(set)];
  if (unique.length > MAX_SET * 4) return {};
  return exact ? { exact: unique } : { holds: unique };
}

function best(info: Info): string[] | undefined {
  return better(info.holds, info.exact);
}

/** Of two sets, the one whose shortest string is longer (then the smaller); a set holding the empty string is no set. */
function better(a: string[] | undefined, b: string[] | undefined): string[] | undefined {
  const score = (set: string[] | undefined): number =>
    set === undefined || set.length === 0 ? 0 : Math.min(...set.map((s) => s.length));
  if (score(b) === 0) return score(a) === 0 ? undefined : a;
  if (score(a) === 0) return b;
  if (score(a) !== score(b)) return score(a) > score(b) ? a : b;
  return (a as string[]).length <= (b as string[]).length ? a : b;
}
