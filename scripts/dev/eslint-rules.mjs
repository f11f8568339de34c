// The project's own lint rules, as a small ESLint plugin (used by eslint.config.js).
import path from 'node:path';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** @type {Record<string, import('eslint').Rule.RuleModule>} */
const rules = {
  'kebab-case-file-names': {
    meta: { type: 'suggestion', schema: [], messages: { name: 'File names are kebab-case: {{name}}' } },
    create(context) {
      return {
        Program(node) {
          const name = path.basename(context.filename);
          if (!KEBAB.test(name)) context.report({ node, messageId: 'name', data: { name } });
        },
      };
    },
  },
  'no-only': {
    meta: { type: 'problem', schema: [], messages: { only: '.only left in a test: it silently skips the rest' } },
    create(context) {
      return {
        'CallExpression > MemberExpression.callee[property.name="only"]'(node) {
          context.report({ node: node.property, messageId: 'only' });
        },
      };
    },
  },
  'no-debug-true': {
    meta: {
      type: 'problem',
      schema: [],
      messages: { debug: 'Never enable library debug logging: it logs secrets and visitors’ data' },
    },
    create(context) {
      return {
        'Property[value.type="Literal"][value.value=true]'(node) {
          const key = node.key.type === 'Identifier' ? node.key.name : node.key.value;
          if (key === 'debug') context.report({ node, messageId: 'debug' });
        },
      };
    },
  },
  'no-process-env': {
    meta: {
      type: 'problem',
      schema: [],
      messages: { env: 'Browser code reads no environment (only process.env.NODE_ENV, which the build replaces)' },
    },
    create(context) {
      return {
        'MemberExpression[object.name="process"][property.name="env"]'(node) {
          const parent = node.parent;
          const nodeEnv =
            parent.type === 'MemberExpression' &&
            parent.object === node &&
            !parent.computed &&
            parent.property.name === 'NODE_ENV';
          if (!nodeEnv) context.report({ node, messageId: 'env' });
        },
      };
    },
  },
};

export default { meta: { name: 'project' }, rules };
