// Imported first by the npm scripts' entry points: stops with a clear message on a Node that is too old.
import { existsSync } from 'node:fs';
import { isRecentNode, tooOldMessage } from './node-version.mjs';

if (!isRecentNode(process.versions.node)) {
  const where = `the node on PATH (${process.execPath})`;
  console.error(
    existsSync('node_modules/.bin/node')
      ? `This project needs Node 22.12 or newer; ${where} is Node ${process.versions.node}.\n` +
          'Run it through npm (`npm run dev`, `npm test`, `npx …`), which puts the bundled Node first on PATH.'
      : tooOldMessage(process.versions.node, where),
  );
  process.exit(1);
}
