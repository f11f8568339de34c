// Imported first by the npm scripts' entry points: stops with a clear message on a Node that is too old.
import { isRecentNode, tooOldMessage } from './node-version.mjs';

if (!isRecentNode(process.versions.node)) {
  console.error(tooOldMessage(process.versions.node, `the node on PATH (${process.execPath})`));
  process.exit(1);
}
