// Replays one line the way a terminal would finally show it: carriage returns and
// cursor-to-column moves overwrite, erase-line codes clear, colours are dropped.
// Cursor-up redraws (jest's status area) are not replayed: those lines stay, and folding takes them.

const CONTROL =
  // eslint-disable-next-line no-control-regex
  /\r|\x1b\[([0-9;?]*)([A-Za-z@`])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[()][A-Za-z0-9]|\x1b[=>78cDEHMNOZ]|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

// eslint-disable-next-line no-control-regex
const OTHER_CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

export function replayLine(line: string): string {
  if (!line.includes('\x1b')) return overlayFrames(line.replace(OTHER_CONTROLS, '').split('\r'));
  let screen = '';
  let col = 0;
  let last = 0;
  const write = (text: string): void => {
    if (text.length === 0) return;
    if (col > screen.length) screen = screen.padEnd(col, ' ');
    screen = screen.slice(0, col) + text + screen.slice(col + text.length);
    col += text.length;
  };
  CONTROL.lastIndex = 0;
  for (let match = CONTROL.exec(line); match !== null; match = CONTROL.exec(line)) {
    write(line.slice(last, match.index));
    last = CONTROL.lastIndex;
    const token = match[0];
    if (token === '\r') {
      col = 0;
      continue;
    }
    const final = match[2];
    if (final === undefined) continue;
    const n = Number.parseInt(match[1] || '0', 10) || 0;
    switch (final) {
      case 'G': // cursor to column n (1-based)
        col = Math.max(0, (n || 1) - 1);
        break;
      case 'K':
        if (n === 0) screen = screen.slice(0, col);
        else if (n === 1) screen = ' '.repeat(Math.min(col, screen.length)) + screen.slice(col);
        else screen = '';
        break;
      case 'C':
        col += n || 1;
        break;
      case 'D':
        col = Math.max(0, col - (n || 1));
        break;
      default: // colours and anything else: nothing to show
        break;
    }
  }
  write(line.slice(last));
  return screen.trimEnd();
}

/**
 * Frames each written from column 0 (carriage returns only): a column shows the last frame long enough
 * to reach it. Built from the last frame back, in one pass, however many frames a progress bar drew.
 */
function overlayFrames(frames: readonly string[]): string {
  let screen = frames[frames.length - 1] as string;
  for (let k = frames.length - 2; k >= 0; k--) {
    const frame = frames[k] as string;
    if (frame.length > screen.length) screen += frame.slice(screen.length);
  }
  return screen.trimEnd();
}
