import type { Plugin } from 'vite';

const CHUNK_NAME = 'page-validator';
/** V8's explicit compile hint: compile every function of this script eagerly, on a background thread while it loads. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Every page validates its layout as soon as it has one, so the validator's
 * compilation would otherwise land on the critical path at first use. This
 * puts the generated validator in a chunk of its own and marks that chunk
 * for eager compilation.
 */
export function eagerCompileValidator(): Plugin {
  return {
    name: 'insights:eager-compile-validator',
    apply: 'build',
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [{ name: CHUNK_NAME, test: /src[\\/]generated[\\/]validate-page\.js$/ }],
              },
            },
          },
        },
      };
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && output.name === CHUNK_NAME) output.code = COMPILE_HINT + output.code;
      }
    },
  };
}
