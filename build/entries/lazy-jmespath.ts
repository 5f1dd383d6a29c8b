/** `dist/a2ui-jmespath.js`: the `jmespath` package, fetched by the script-tag file on first call. */
export { default } from 'jmespath';
