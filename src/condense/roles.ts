/** What a line is to the condenser, in rising order of importance. */
export const Role = {
  noise: 0,
  normal: 1,
  structure: 2,
  context: 3,
  signal: 4,
  summary: 5,
} as const;
