// Types for the `jmespath` package (0.16, CommonJS, ships none): only what we call.
declare module 'jmespath' {
  const jmespath: {
    /** Evaluates `expression` against `data`; throws on a syntax or type error. */
    search(data: unknown, expression: string): unknown;
  };
  export default jmespath;
}
