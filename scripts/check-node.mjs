// Stops `npm start` and `npm test` at once, with a clear message, on a Node.js older than package.json's `engines`.
import { readFileSync } from 'node:fs';

const wanted = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const [major, minor] = process.versions.node.split('.').map(Number);
const [wantedMajor, wantedMinor] = wanted.replace(/^>=\s*/, '').split('.').map(Number);
if (major < wantedMajor || (major === wantedMajor && minor < wantedMinor)) {
  console.error(`This project needs Node.js ${wanted}; this is ${process.versions.node}. Install a newer Node.js (https://nodejs.org) and run the command again.`);
  process.exit(1);
}
