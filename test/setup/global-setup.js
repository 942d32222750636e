// jest globalSetup (see temp-dir.js)
module.exports = require('./temp-dir').setup;
