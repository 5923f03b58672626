// The SQLite driver for this runtime. better-sqlite3 13 is built on Node-API 10 (Node 22.14 and
// later) and ships prebuilt: the one for Node 24, where 12 aborts the process when a statement is
// garbage-collected (nodejs/node#65446). Node 20 has no Node-API 10 and keeps 12, an optional
// dependency built from source; delete it, and this file, once Node 20 is no longer supported.
'use strict';

const modern = Number(process.versions.napi) >= 10;
try {
  module.exports = require(modern ? 'better-sqlite3' : 'better-sqlite3-node20');
} catch (error) {
  if (modern) throw error;
  throw new Error(
    `On Node ${process.versions.node} the service needs the optional package better-sqlite3-node20, ` +
      'built from source at install; it is missing or did not build (run npm ci again, or use Node 22.14 or later).',
    { cause: error },
  );
}
