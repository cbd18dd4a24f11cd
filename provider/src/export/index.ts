// `walletinfra-export` as a library: read an organization, render the project, or run the CLI.
export { runExport, runCli, installedVersions, DISK, type ExportDeps } from './cli';
export { declarationsOf, renderProject, type Declaration, type ExportOptions, type ExportResult } from './render';
export { readOrganization, type OrganizationSnapshot } from './snapshot';
export { parseArgs, USAGE, type ExportArgs } from './args';
