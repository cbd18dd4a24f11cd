// What a Node.js project the export writes needs besides its program, for the dynamic classes and for the
// generated SDK of the native provider alike: Pulumi.yaml, package.json and tsconfig.json.
import type { ExportOptions } from './types';

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'ES2020',
    module: 'commonjs',
    moduleResolution: 'node',
    esModuleInterop: true,
    skipLibCheck: true,
  },
  files: ['index.ts'],
};

/** The project files of a TypeScript program in index.ts; `dependencies` beyond Pulumi's and this package's (the generated SDK). */
export function nodejsProjectFiles(
  name: string,
  description: string,
  options: ExportOptions,
  dependencies: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const pkg = {
    name,
    private: true,
    main: 'index.ts',
    dependencies: { '@pulumi/pulumi': options.versions.pulumi, '@walletinfra/pulumi': options.versions.walletinfraPulumi, ...dependencies },
    devDependencies: {
      ...(options.versions.typesNode !== undefined ? { '@types/node': options.versions.typesNode } : {}),
      ...(options.versions.typescript !== undefined ? { typescript: options.versions.typescript } : {}),
    },
  };
  const pulumiYaml = [
    `name: ${name}`,
    `description: ${description}`,
    'runtime:',
    '  name: nodejs',
    '  options:',
    '    typescript: true',
    'main: index.ts',
    '',
  ];
  return {
    'Pulumi.yaml': pulumiYaml.join('\n'),
    'package.json': `${JSON.stringify(pkg, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(TSCONFIG, null, 2)}\n`,
  };
}
