import type { Plugin } from 'vite';

const CHUNK_NAME = 'page-validator';
/** V8's explicit compile hint: compile every function of this script eagerly, on a background thread while it loads. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The generated data validator of one widget, a chunk of its own as every dynamic import is. */
const DATA_VALIDATOR = /src[\\/]generated[\\/]widget-data[\\/][^\\/]+\.js$/;

/**
 * Every page validates its layout as soon as it has one, so the validators'
 * compilation would otherwise land on the critical path at first use. This
 * puts the generated page validator in a chunk of its own and marks it, and
 * each widget's data validator, for eager compilation.
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
        if (output.type !== 'chunk') continue;
        if (output.name === CHUNK_NAME || DATA_VALIDATOR.test(output.facadeModuleId ?? '')) {
          output.code = COMPILE_HINT + output.code;
        }
      }
    },
  };
}
