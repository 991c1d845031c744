import type { Recogniser } from '../types.js';

/** javac, maven, gradle. */
export const java: Recogniser = {
  name: 'javac/maven',
  command: /^(?:javac|mvn|mvnw|gradle|gradlew)(?:\s|$)/,
  detect: /^\[(?:INFO|ERROR)\] |^> Task :/m,
  signals: [/^\[ERROR\] /, /^\S+\.java:\d+: error: /, /^FAILURE: /, /^> Task \S+ FAILED$/],
  noise: [/^\[INFO\] (?:Download(?:ing|ed)|Copying|Using|--- )/, /^Progress \(\d+\)/, /^> Task \S+(?: UP-TO-DATE| NO-SOURCE)?$/],
  summary: [/^\[(?:INFO|ERROR)\] (?:BUILD|Tests run:)/, /^BUILD (?:SUCCESSFUL|FAILED)/, /^Tests run: \d+/],
};
