// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'etc/', 'test/fixtures/**/*.js', 'test/plan/corpus/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
    },
  },
  {
    // V8's parser marks a function literal assigned to a property for allocation in the old generation (in code not yet
    // optimized): there it keeps what its scope holds through every young collection, once dead too. A run's closures
    // assigned that way doubled the bytes each warm run left to the next full collection (docs/style.md).
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "AssignmentExpression[left.type='MemberExpression'][right.type=/^(ArrowFunctionExpression|FunctionExpression)$/]",
          message:
            'Assign a function to a property from a name (`const f = () => …; obj.p = f`): a literal there is allocated old.',
        },
      ],
    },
  },
  { files: ['**/*.mjs', '**/*.js'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  // Tests and benches read JSON whose shape they assert on.
  { files: ['test/**', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
