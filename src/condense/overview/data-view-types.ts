/** What an overview adds to a data output's view. */
export interface DataView {
  /** Lines placed first, each `[overview: …]`. */
  header: string[];
  /** Lines of the stream shown whatever the budget: problem entries and their parents, rare rows, subjects. */
  pinned: number[];
  /** The header names every entry of the output: its lines add only detail, so few are sampled. */
  complete?: boolean;
}
