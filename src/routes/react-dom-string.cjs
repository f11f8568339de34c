// `react-dom/server` for the Worker (wrangler.toml's [alias]): React's string renderer alone, in the build the
// bundle is made for, as react-dom's own entries choose it. Those entries also load the streaming renderer, which
// no page uses (about 300 KiB of Worker). `renderToString` is all src/routes/html.ts takes from it.
'use strict';

if (process.env.NODE_ENV === 'production') {
  module.exports = require('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js');
} else {
  module.exports = require('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.development.js');
}
