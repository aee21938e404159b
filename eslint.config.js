import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      'test-output',
      'playwright-report',
      'test-results',
      'wasm/assembly',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The core's numbers must be the same in every engine (the lab's browser, the CLI's Node): Math.pow, `**` and
    // Math.tanh differ in their last digits between engines; sampling/power.ts gives powers through exp and log.
    files: ['src/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/sampling/power.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'pow',
          message: 'Use power (src/sampling/power.ts): the same in every engine.',
        },
        {
          object: 'Math',
          property: 'tanh',
          message: 'Math.tanh differs between engines in its last digits.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='**']:not([right.value=2]):not([left.value=2])",
          message:
            'Use power (src/sampling/power.ts) or products: ** differs between engines in its last digits.',
        },
      ],
    },
  },
  {
    // Tests read the untyped JSON reference file.
    files: ['**/*.test.ts', 'src/geometry/testkit.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
