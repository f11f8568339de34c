// After `npm install`: decide which Node the npm scripts run on.
// npm links a bundled Node (an optional, platform-specific package) as node_modules/.bin/node, which npm
// scripts put first on PATH. It is only wanted where the system Node is too old, so with a recent system Node
// the link is removed and the scripts use the system Node. This file runs on the Node that runs npm.
import { lstatSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isRecentNode, tooOldMessage } from './node-version.mjs';

const system = process.versions.node;
const link = path.join('node_modules', '.bin', 'node');
let bundled = null;
try {
  if (lstatSync(link).isSymbolicLink() && /node_modules[\\/]node-[a-z]+-[a-z0-9]+[\\/]/.test(realpathSync(link)))
    bundled = link;
} catch {
  // No bundled Node for this platform.
}

if (isRecentNode(system)) {
  if (bundled) rmSync(bundled);
  console.log(`npm scripts use the system Node ${system}.`);
} else if (bundled) {
  console.log(`The system Node ${system} is too old; npm scripts use the bundled Node (${bundled}).`);
} else {
  console.warn(`\n${tooOldMessage(system, 'the system Node')}\n`);
}
