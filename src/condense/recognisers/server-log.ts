import type { Recogniser } from '../types.js';

/** Server and application logs: levels counted, errors and stack traces kept. */
export const serverLog: Recogniser = {
  name: 'log',
  command: /^(?:journalctl|docker logs|kubectl logs|pm2 logs)\b|^(?:cat|tail|less|more|head|bat)\s.*\.log\b/,
  detect: /^(?:\S+ - - \[|\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d|\{"(?:level|time|ts|msg)")/m,
  signals: [/"level":\s*"?(?:[Ee]rror|ERROR|[Ff]atal|FATAL|50|60)\b/, /\blevel=(?:error|fatal)\b/, /" 5\d\d \S+$/],
  overview: 'log',
};
