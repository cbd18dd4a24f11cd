// `walletinfra-export` as a library: read an organization, render the project, or run the CLI.
export { runExport, runCli, installedVersions, DISK, type ExportDeps } from './cli';
export { renderProject, type ExportOptions, type ExportResult } from './render';
export { readOrganization, type OrganizationSnapshot, type KeyAllowlist } from './snapshot';
export { parseArgs, USAGE, type ExportArgs } from './args';
